import { createSpeechCounter } from '../../../../common/audio/speech-detector.js';
import { yieldToBrowser } from '../../../shared/yield-to-browser.js';

export interface CountSpeechOptions {
  /** Called with 0..1 as the analysis proceeds. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Seconds of audio analysed between pauses for the browser: ~50 ms of work, so the page stays responsive. */
const SLICE_SECONDS = 10;

/**
 * Seconds of speech in a long recording, analysed in slices with pauses in between so that the page does not
 * freeze on an hour-long file. Agrees with analyseSpeech to within one 20 ms frame.
 */
export async function countSpeechSeconds(
  samples: Float32Array,
  sampleRate: number,
  { onProgress, signal }: CountSpeechOptions = {},
): Promise<number> {
  const counter = createSpeechCounter(sampleRate);
  const slice = Math.max(1, Math.round(SLICE_SECONDS * sampleRate));
  for (let from = 0; from < samples.length; from += slice) {
    signal?.throwIfAborted();
    counter.push(samples.subarray(from, from + slice));
    onProgress?.(Math.min(1, (from + slice) / samples.length));
    if (from + slice < samples.length) await yieldToBrowser();
  }
  return counter.speechSeconds;
}
