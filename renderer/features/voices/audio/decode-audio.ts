import { mixToMono } from '../../../../common/audio/wav-encoder.js';
import type { CountSpeechOptions } from './count-speech.js';
import { countSpeechSeconds } from './count-speech.js';

/** Mono audio decoded in the renderer, with the seconds of speech found in it. */
export interface DecodedAudio {
  samples: Float32Array;
  sampleRate: number;
  durationSeconds: number;
  speechSeconds: number;
}

/** The file could not be read as audio; the message names the file and says what to do. */
export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';
  constructor(
    message: string,
    readonly fileName: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface DecodeAudioOptions extends CountSpeechOptions {
  /**
   * Rate to decode at. The default, 16 kHz (8 kHz for files over 25 MB, which may hold hours of audio), is
   * plenty for measuring speech (the detector works at about 8 kHz) and drawing a waveform, and keeps the memory
   * a long import needs in check. The recorder asks for 48 kHz, because its decoded audio is what it saves.
   */
  sampleRate?: number;
  /** How to name the audio in errors when the blob is not a File. */
  fileName?: string;
}

const ANALYSIS_SAMPLE_RATE = 16000;
const LARGE_FILE_ANALYSIS_SAMPLE_RATE = 8000;
const LARGE_FILE_BYTES = 25 * 1024 * 1024;

const FORMATS = 'WAV, MP3, M4A/AAC, OGG/Opus, FLAC or WebM';

/**
 * Decodes an audio file with the browser's own decoders (Chromium reads WAV, MP3, M4A/AAC, OGG/Opus, FLAC and
 * WebM/Opus), mixes it to mono at the requested rate and counts its speech. Throws AudioDecodeError when the
 * file is empty or cannot be decoded.
 */
export async function decodeAudioFile(blob: Blob, options: DecodeAudioOptions = {}): Promise<DecodedAudio> {
  const sampleRate =
    options.sampleRate ??
    (blob.size > LARGE_FILE_BYTES ? LARGE_FILE_ANALYSIS_SAMPLE_RATE : ANALYSIS_SAMPLE_RATE);
  const fileName = blob instanceof File && blob.name !== '' ? blob.name : (options.fileName ?? 'the audio');
  const quoted = blob instanceof File && blob.name !== '' ? `“${fileName}”` : fileName;
  if (blob.size === 0) throw new AudioDecodeError(`${capitalise(quoted)} is empty.`, fileName);
  if (typeof OfflineAudioContext === 'undefined') {
    throw new AudioDecodeError(
      `This window cannot decode audio, so ${quoted} cannot be read here.`,
      fileName,
    );
  }

  let buffer: AudioBuffer;
  try {
    const bytes = await blob.arrayBuffer();
    // An offline context never plays anything; it exists to decode, and resamples to its own rate.
    const context = new OfflineAudioContext(1, 1, sampleRate);
    buffer = await context.decodeAudioData(bytes);
  } catch (error) {
    throw new AudioDecodeError(
      `${capitalise(quoted)} could not be read as audio: it is damaged or in a format this app cannot decode. ` +
        `Use ${FORMATS}.`,
      fileName,
      { cause: error },
    );
  }
  if (buffer.length === 0) throw new AudioDecodeError(`${capitalise(quoted)} contains no audio.`, fileName);

  const channels = Array.from({ length: buffer.numberOfChannels }, (_, index) =>
    buffer.getChannelData(index),
  );
  const samples = mixToMono(channels);
  const speechSeconds = await countSpeechSeconds(samples, buffer.sampleRate, options);
  return {
    samples,
    sampleRate: buffer.sampleRate,
    durationSeconds: buffer.length / buffer.sampleRate,
    speechSeconds,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
