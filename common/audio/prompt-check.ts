import { MAX_UPLOAD_FILE_BYTES, MIN_SPEECH_SECONDS } from '../rules/vocabulary.js';

/** Speech lengths that make good clones (the contract's floor is MIN_SPEECH_SECONDS). */
export const QUICK_CLONE_SPEECH_SECONDS = { min: 10, max: 180 } as const;
const PROFESSIONAL_CLONE_SPEECH_SECONDS = 30 * 60;

export interface PromptAudioFacts {
  sizeBytes: number;
  durationSeconds: number;
  speechSeconds: number;
}

export interface PromptCheck {
  /** False when the service would refuse the audio: do not upload it. */
  ok: boolean;
  /** Why the service would refuse it, in plain words. */
  problems: string[];
  /** Tips that do not block the upload. */
  advice: string[];
}

const MEGABYTE = 1024 * 1024;

/**
 * Checks reference audio against the contract's limits (at most 100 MB, at least 3 s of speech) before it is
 * uploaded, and says how the amount of speech suits a quick or a professional clone.
 */
export function checkPromptAudio({
  sizeBytes,
  durationSeconds,
  speechSeconds,
}: PromptAudioFacts): PromptCheck {
  const problems: string[] = [];
  const advice: string[] = [];

  const sizeProblem = checkPromptSize(sizeBytes);
  if (sizeProblem !== null) problems.push(sizeProblem);

  if (!(durationSeconds > 0)) {
    problems.push('The file has no audio in it.');
  } else if (speechSeconds < MIN_SPEECH_SECONDS) {
    problems.push(
      `Only ${formatSeconds(speechSeconds)} of speech was found in ${formatSeconds(durationSeconds)} of audio; ` +
        `the service needs at least ${MIN_SPEECH_SECONDS} s of speech. Record or choose a longer sample.`,
    );
  }

  if (speechSeconds >= MIN_SPEECH_SECONDS) {
    if (speechSeconds < QUICK_CLONE_SPEECH_SECONDS.min) {
      advice.push(
        `${formatSeconds(speechSeconds)} of speech is enough to clone, but quality will be limited: ` +
          '10 seconds to 3 minutes makes a good quick clone.',
      );
    } else if (speechSeconds <= QUICK_CLONE_SPEECH_SECONDS.max) {
      advice.push(
        'A good length for a quick clone. A professional clone wants 30 minutes of speech or more.',
      );
    } else if (speechSeconds < PROFESSIONAL_CLONE_SPEECH_SECONDS) {
      advice.push(
        'More than a quick clone needs (10 seconds to 3 minutes is plenty). ' +
          'A professional clone wants 30 minutes of speech or more.',
      );
    } else {
      advice.push('Enough speech for a professional clone (30 minutes or more).');
    }
  }
  // Long silences or noise between takes add upload size and nothing else.
  if (
    durationSeconds > 0 &&
    speechSeconds > 0 &&
    durationSeconds - speechSeconds > Math.max(5, speechSeconds)
  ) {
    advice.push(
      `Only ${formatSeconds(speechSeconds)} of the ${formatSeconds(durationSeconds)} is speech: ` +
        'trim long silences, and record in a quiet room.',
    );
  }
  return { ok: problems.length === 0, problems, advice };
}

/**
 * The size rule alone, for refusing a file before spending time decoding it: null when the size is acceptable.
 * `subject` names the file in the message ("The file" by default).
 */
export function checkPromptSize(sizeBytes: number, subject = 'The file'): string | null {
  if (sizeBytes > MAX_UPLOAD_FILE_BYTES) {
    return (
      `${subject} is ${formatMegabytes(sizeBytes)}; the service accepts at most ${MAX_UPLOAD_FILE_BYTES / MEGABYTE} MB. ` +
      'Use a shorter recording or a compressed format (MP3, M4A, Opus).'
    );
  }
  if (sizeBytes <= 0) return `${subject} is empty.`;
  return null;
}

/** "2.4 s", "42 s", "3 min 05 s", "1 h 02 min". */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0 s';
  if (seconds < 10) return `${(Math.floor(seconds * 10) / 10).toFixed(1)} s`;
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  const totalSeconds = Math.floor(seconds);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const rest = totalSeconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  return `${minutes} min ${String(rest).padStart(2, '0')} s`;
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}
