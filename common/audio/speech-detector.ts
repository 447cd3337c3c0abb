import { createDecimator } from './decimator.js';
import type { FrameFeatures } from './frame-features.js';
import { createFrameAnalyser } from './frame-features.js';
import type { FeatureColumns } from './speech-decision.js';
import { DECISION_LOOKAHEAD, DECISION_LOOKBACK, decideVoiced } from './speech-decision.js';

/** The result of looking for voiced speech in a stretch of mono audio. */
export interface SpeechAnalysis {
  durationSeconds: number;
  /** Seconds of voiced speech (with short gaps inside speech and a short hangover counted), not wall time. */
  speechSeconds: number;
  /** Length of one frame of `voiced`, in milliseconds (20 ms, to within one sample). */
  frameMs: number;
  /** One flag per frame: 1 where the frame is speech. */
  voiced: Uint8Array;
  /** Input samples per frame (frame i covers samples [i * frameSamples, (i + 1) * frameSamples)). */
  frameSamples: number;
}

/** Counts seconds of speech while audio arrives, e.g. from a microphone. */
export interface SpeechCounter {
  push(samples: Float32Array): void;
  /** Speech so far; agrees with analyseSpeech on the same audio (up to the last, unfinished frame). */
  readonly speechSeconds: number;
  /** Seconds of audio pushed so far. */
  readonly durationSeconds: number;
  reset(): void;
}

/**
 * Finds voiced speech in mono audio: frames of 20 ms that are periodic at a speaking pitch (70–400 Hz, YIN),
 * not noise-like (spectral flatness), clearly above an adaptive noise floor, and not part of a steady tone or
 * hum; then short clicks are dropped, short gaps inside speech filled and a short hangover added.
 */
export function analyseSpeech(samples: Float32Array, sampleRate: number): SpeechAnalysis {
  checkSampleRate(sampleRate);
  const decimator = createDecimator(sampleRate);
  const analyser = createFrameAnalyser(decimator.outputRate);
  const columns = new GrowingColumns();
  const onFrame = (features: FrameFeatures): void => columns.append(features);
  analyser.push(decimator.push(samples), onFrame);
  // A last, partial frame still counts: pad it with silence.
  if (analyser.pending > 0) analyser.push(new Float32Array(analyser.hop - analyser.pending), onFrame);
  const voiced = decideVoiced(columns.view(0, columns.length), columns.length);
  const frameSamples = analyser.hop * decimator.factor;
  return {
    durationSeconds: samples.length / sampleRate,
    speechSeconds: (countOnes(voiced, 0, voiced.length) * frameSamples) / sampleRate,
    frameMs: (frameSamples / sampleRate) * 1000,
    voiced,
    frameSamples,
  };
}

/**
 * The streaming form of analyseSpeech. Frames are decided for good once DECISION_LOOKAHEAD frames (~1.5 s)
 * have followed them; the frames after that are decided as if the audio ended now, so the running figure is
 * what analyseSpeech would say about the audio pushed so far.
 */
export function createSpeechCounter(sampleRate: number): SpeechCounter {
  checkSampleRate(sampleRate);
  const settleChunk = 50;
  let decimator = createDecimator(sampleRate);
  let analyser = createFrameAnalyser(decimator.outputRate);
  let columns = new GrowingColumns();
  let settled = 0; // frames [0, settled) are decided for good
  let settledVoiced = 0;
  let pushedSamples = 0;
  const frameSeconds = (): number => (analyser.hop * decimator.factor) / sampleRate;
  const onFrame = (features: FrameFeatures): void => columns.append(features);

  const voicedIn = (from: number, to: number): number => {
    const windowStart = Math.max(0, from - DECISION_LOOKBACK);
    const windowEnd = Math.min(columns.length, to + DECISION_LOOKAHEAD);
    const voiced = decideVoiced(columns.view(windowStart, windowEnd), windowEnd - windowStart);
    return countOnes(voiced, from - windowStart, to - windowStart);
  };

  return {
    push(samples) {
      pushedSamples += samples.length;
      analyser.push(decimator.push(samples), onFrame);
      while (columns.length - settled >= settleChunk + DECISION_LOOKAHEAD) {
        settledVoiced += voicedIn(settled, settled + settleChunk);
        settled += settleChunk;
      }
      columns.forgetBefore(settled - DECISION_LOOKBACK);
    },
    get speechSeconds() {
      return (settledVoiced + voicedIn(settled, columns.length)) * frameSeconds();
    },
    get durationSeconds() {
      return pushedSamples / sampleRate;
    },
    reset() {
      decimator = createDecimator(sampleRate);
      analyser = createFrameAnalyser(decimator.outputRate);
      columns = new GrowingColumns();
      settled = 0;
      settledVoiced = 0;
      pushedSamples = 0;
    },
  };
}

function checkSampleRate(sampleRate: number): void {
  if (!Number.isFinite(sampleRate) || sampleRate < 4000 || sampleRate > 768_000) {
    throw new RangeError(`sampleRate must be between 4000 and 768000 Hz (got ${sampleRate}).`);
  }
}

function countOnes(flags: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i += 1) count += flags[i]!;
  return count;
}

/**
 * Feature columns that grow as frames arrive and can drop frames nobody will look at again, addressed by
 * absolute frame index.
 */
class GrowingColumns {
  private offset = 0; // absolute index of stored frame 0
  private count = 0; // frames stored
  private data: FeatureColumns = allocate(1024);

  get length(): number {
    return this.offset + this.count;
  }

  append(features: FrameFeatures): void {
    if (this.count === this.data.energyDb.length) {
      const bigger = allocate(this.count * 2);
      copyColumns(this.data, 0, this.count, bigger, 0);
      this.data = bigger;
    }
    const i = this.count;
    this.data.energyDb[i] = features.energyDb;
    this.data.aperiodicity[i] = features.aperiodicity;
    this.data.pitchHz[i] = features.pitchHz;
    this.data.flatness[i] = features.flatness;
    this.data.spectralChangeDb[i] = features.spectralChangeDb;
    this.count += 1;
  }

  /** Columns for absolute frames [from, to), without copying. */
  view(from: number, to: number): FeatureColumns {
    const a = from - this.offset;
    const b = to - this.offset;
    if (a < 0) throw new RangeError(`Frame ${from} was already forgotten (kept from ${this.offset}).`);
    return {
      energyDb: this.data.energyDb.subarray(a, b),
      aperiodicity: this.data.aperiodicity.subarray(a, b),
      pitchHz: this.data.pitchHz.subarray(a, b),
      flatness: this.data.flatness.subarray(a, b),
      spectralChangeDb: this.data.spectralChangeDb.subarray(a, b),
    };
  }

  /** Drops frames before `frame`, in large steps so a long recording costs little memory and little copying. */
  forgetBefore(frame: number): void {
    const drop = frame - this.offset;
    if (drop < 4096) return;
    copyColumns(this.data, drop, this.count, this.data, 0);
    this.offset += drop;
    this.count -= drop;
  }
}

function allocate(capacity: number): FeatureColumns {
  return {
    energyDb: new Float32Array(capacity),
    aperiodicity: new Float32Array(capacity),
    pitchHz: new Float32Array(capacity),
    flatness: new Float32Array(capacity),
    spectralChangeDb: new Float32Array(capacity),
  };
}

function copyColumns(
  source: FeatureColumns,
  from: number,
  to: number,
  target: FeatureColumns,
  at: number,
): void {
  target.energyDb.set(source.energyDb.subarray(from, to), at);
  target.aperiodicity.set(source.aperiodicity.subarray(from, to), at);
  target.pitchHz.set(source.pitchHz.subarray(from, to), at);
  target.flatness.set(source.flatness.subarray(from, to), at);
  target.spectralChangeDb.set(source.spectralChangeDb.subarray(from, to), at);
}
