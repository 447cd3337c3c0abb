import { encodeWav } from '../../../../common/audio/wav-encoder.js';
import type { DecodedAudio } from './decode-audio.js';

/** A finished take: a mono 16-bit WAV, and its decoded samples for the waveform, trimming and checks. */
export interface Recording {
  blob: Blob;
  decoded: DecodedAudio;
  /**
   * The input reached −1 dBFS or more while recording (as the live meter warned), or the take's samples do:
   * the warning stays with the take after it stops, since the distortion is in it.
   */
  clipped: boolean;
}

export function recordingFromSamples(
  samples: Float32Array,
  sampleRate: number,
  speechSeconds: number,
  clipped: boolean,
): Recording {
  const wav = encodeWav(samples, sampleRate);
  return {
    blob: new Blob([wav], { type: 'audio/wav' }),
    decoded: { samples, sampleRate, durationSeconds: samples.length / sampleRate, speechSeconds },
    clipped,
  };
}
