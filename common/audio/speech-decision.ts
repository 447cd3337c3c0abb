import { NOISE_FLATNESS, QUIETEST_SPEECH_DB } from './frame-features.js';

/**
 * Turns per-frame features into voiced/unvoiced decisions. Every step looks only a bounded number of frames
 * back and ahead (DECISION_LOOKBACK / DECISION_LOOKAHEAD), which is what lets the streaming counter decide a
 * frame as soon as enough audio after it has arrived and still agree exactly with the whole-file analysis.
 */
const DECISION = {
  /** Nothing quieter than this (dBFS, 70 Hz–3.6 kHz) is speech, however periodic. */
  absoluteMinDb: QUIETEST_SPEECH_DB,
  /** A voiced frame stands this far above the noise floor. */
  aboveFloorDb: 6,
  /** The noise floor is the quietest frame from 1 s before to 0.5 s after. */
  floorBackFrames: 50,
  floorAheadFrames: 25,
  /** YIN aperiodicity under this is periodic enough to be voiced speech (noise reads 0.5–1). */
  maxAperiodicity: 0.45,
  /** Spectral flatness over this is noise-like (white noise reads ~0.56). */
  maxFlatness: NOISE_FLATNESS,
  /**
   * A voiced frame has a periodic neighbour at nearly the same pitch (within this ratio): a voice glides, while
   * chance periodicity in rumbling noise jumps about from frame to frame.
   */
  maxPitchRatio: 1.2,
  /**
   * A stretch this long whose level stays within steadyRangeDb and whose spectrum barely moves frame to frame is
   * a tone, a hum or a drone, not speech: no one holds pitch, loudness and vowel that still for half a second.
   */
  steadyFrames: 25,
  steadyRangeDb: 3,
  steadyMaxChangeDb: 1.5,
  /**
   * Pitch analysis misses single frames at transitions between sounds: gaps this short between periodic frames
   * are bridged before short runs are judged (40 ms).
   */
  bridgeFrames: 2,
  /** Periodic runs shorter than this are clicks or chance periodicity in noise (80 ms). */
  minRunFrames: 3,
  /** Gaps up to this long between voiced runs are consonants and short breaks inside speech (200 ms). */
  maxGapFrames: 10,
  /** Each voiced run is extended by this many frames, for the unvoiced tail of a syllable (60 ms). */
  hangoverFrames: 3,
} as const;

const D = DECISION;
/** How far back a frame's decision can look, summed over the steps below. */
export const DECISION_LOOKBACK =
  D.floorBackFrames +
  1 +
  (D.steadyFrames - 1) +
  (D.bridgeFrames + 1) +
  (D.minRunFrames - 1) +
  (D.maxGapFrames + 1) +
  D.hangoverFrames;
/** How far ahead a frame's decision can look. */
export const DECISION_LOOKAHEAD =
  D.floorAheadFrames +
  1 +
  (D.steadyFrames - 1) +
  (D.bridgeFrames + 1) +
  (D.minRunFrames - 1) +
  (D.maxGapFrames + 1);

/** Column-wise feature storage, so a window of frames can be decided without copying objects. */
export interface FeatureColumns {
  energyDb: Float32Array;
  aperiodicity: Float32Array;
  pitchHz: Float32Array;
  flatness: Float32Array;
  spectralChangeDb: Float32Array;
}

/**
 * Decides frames [0, length) of `columns`, which hold a window of the audio: frames outside the window are
 * treated as absent (the start or end of the audio). Frames within DECISION_LOOKBACK of the window's start or
 * DECISION_LOOKAHEAD of its end are final only where the window's edge is the audio's.
 */
export function decideVoiced(columns: FeatureColumns, length: number): Uint8Array {
  const candidate = periodicFrames(columns, length);
  removeSteadyStretches(candidate, columns, length);
  fillShortGaps(candidate, length, D.bridgeFrames);
  dropShortRuns(candidate, length, D.minRunFrames);
  fillShortGaps(candidate, length, D.maxGapFrames);
  extendRuns(candidate, length, D.hangoverFrames);
  return candidate;
}

function periodicFrames(columns: FeatureColumns, length: number): Uint8Array {
  const floor = slidingMinimum(columns.energyDb, length, D.floorBackFrames, D.floorAheadFrames);
  const periodic = new Uint8Array(length);
  for (let t = 0; t < length; t += 1) {
    const energy = columns.energyDb[t]!;
    periodic[t] =
      energy >= D.absoluteMinDb &&
      energy >= floor[t]! + D.aboveFloorDb &&
      columns.aperiodicity[t]! <= D.maxAperiodicity &&
      columns.flatness[t]! <= D.maxFlatness
        ? 1
        : 0;
  }
  const pitch = columns.pitchHz;
  const samePitch = (a: number, b: number): boolean =>
    periodic[b] === 1 && Math.max(pitch[a]!, pitch[b]!) <= D.maxPitchRatio * Math.min(pitch[a]!, pitch[b]!);
  const voiced = new Uint8Array(length);
  for (let t = 0; t < length; t += 1) {
    voiced[t] =
      periodic[t] === 1 && ((t > 0 && samePitch(t, t - 1)) || (t + 1 < length && samePitch(t, t + 1)))
        ? 1
        : 0;
  }
  return voiced;
}

/** Minimum of values[t-back .. t+ahead] for every t, with a monotonic deque (linear time). */
function slidingMinimum(values: Float32Array, length: number, back: number, ahead: number): Float32Array {
  const result = new Float32Array(length);
  const deque = new Int32Array(length + 1);
  let head = 0;
  let tail = 0;
  let added = 0;
  for (let t = 0; t < length; t += 1) {
    const last = Math.min(length - 1, t + ahead);
    for (; added <= last; added += 1) {
      while (tail > head && values[deque[tail - 1]!]! >= values[added]!) tail -= 1;
      deque[tail] = added;
      tail += 1;
    }
    while (deque[head]! < t - back) head += 1;
    result[t] = values[deque[head]!]!;
  }
  return result;
}

function removeSteadyStretches(voiced: Uint8Array, columns: FeatureColumns, length: number): void {
  const window = D.steadyFrames;
  const steady = new Uint8Array(length);
  for (let start = 0; start + window <= length; start += 1) {
    let isSteady = true;
    let low = Infinity;
    let high = -Infinity;
    for (let t = start; t < start + window && isSteady; t += 1) {
      const energy = columns.energyDb[t]!;
      low = Math.min(low, energy);
      high = Math.max(high, energy);
      isSteady =
        voiced[t] === 1 &&
        high - low <= D.steadyRangeDb &&
        (t === start || columns.spectralChangeDb[t]! <= D.steadyMaxChangeDb);
    }
    if (isSteady) steady.fill(1, start, start + window);
  }
  for (let t = 0; t < length; t += 1) if (steady[t] === 1) voiced[t] = 0;
}

function dropShortRuns(voiced: Uint8Array, length: number, minRun: number): void {
  forEachRun(voiced, length, 1, (start, end) => {
    if (end - start < minRun) voiced.fill(0, start, end);
  });
}

function fillShortGaps(voiced: Uint8Array, length: number, maxGap: number): void {
  forEachRun(voiced, length, 0, (start, end) => {
    // Only gaps with speech on both sides: silence at either end of the window stays silence.
    if (start > 0 && end < length && end - start <= maxGap) voiced.fill(1, start, end);
  });
}

function extendRuns(voiced: Uint8Array, length: number, frames: number): void {
  const ends: number[] = [];
  forEachRun(voiced, length, 1, (_start, end) => ends.push(end));
  for (const end of ends) voiced.fill(1, end, Math.min(length, end + frames));
}

function forEachRun(
  flags: Uint8Array,
  length: number,
  value: 0 | 1,
  visit: (start: number, end: number) => void,
): void {
  let t = 0;
  while (t < length) {
    if (flags[t] !== value) {
      t += 1;
      continue;
    }
    const start = t;
    while (t < length && flags[t] === value) t += 1;
    visit(start, t);
  }
}
