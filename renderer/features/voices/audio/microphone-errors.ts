/** What went wrong when opening the microphone, in the recorder's terms and in plain words. */
export interface MicrophoneProblem {
  state: 'denied' | 'no-device' | 'error';
  message: string;
}

const OR_IMPORT = 'You can also import a recording instead.';

export const NO_MICROPHONE: MicrophoneProblem = {
  state: 'no-device',
  message: `No microphone was found. Connect one (or choose another input), then press Record. ${OR_IMPORT}`,
};

export const NO_MEDIA_DEVICES: MicrophoneProblem = {
  state: 'error',
  message: `This window has no access to microphones, so it cannot record. ${OR_IMPORT}`,
};

export const NO_MEDIA_RECORDER: MicrophoneProblem = {
  state: 'error',
  message: `This window cannot record audio (MediaRecorder is missing). ${OR_IMPORT}`,
};

/** Maps getUserMedia's rejections (DOMException names per the Media Capture spec) to what the user can do. */
export function describeMicrophoneError(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || isNamed(error) ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return {
        state: 'denied',
        message:
          'Timbre Studio may not use the microphone. Allow microphone access for it (in your system’s privacy ' +
          `settings, or in the browser’s site settings for this page), then press Record again. ${OR_IMPORT}`,
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return NO_MICROPHONE;
    case 'OverconstrainedError':
      return {
        state: 'no-device',
        message: `The selected microphone is no longer available. Choose another input, then press Record. ${OR_IMPORT}`,
      };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        state: 'error',
        message:
          'The microphone could not be opened: another app may be using it, or the system blocked it. ' +
          'Close that app or choose another input, then press Record again.',
      };
    default:
      return {
        state: 'error',
        message: `The microphone could not be opened (${describe(error)}). Try again, or import a recording instead.`,
      };
  }
}

function isNamed(value: unknown): value is { name: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
  );
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
