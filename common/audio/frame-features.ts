import { createPowerSpectrum } from './fft.js';

/** What the speech decision needs to know about one 20 ms frame. */
export interface FrameFeatures {
  /** Level of the frame after the 70 Hz high-pass, in dBFS (floored at SILENCE_DB). */
  energyDb: number;
  /**
   * YIN's cumulative mean normalised difference at the best lag in 70–400 Hz: near 0 for a periodic (voiced)
   * frame, about 1 or more for noise. 1 when the frame is too quiet to be worth analysing.
   */
  aperiodicity: number;
  /** The pitch that lag stands for, in Hz (0 when not analysed). */
  pitchHz: number;
  /** Spectral flatness (geometric over arithmetic mean of the power spectrum, 100 Hz–3.6 kHz): ~0.56 for white noise. */
  flatness: number;
  /** Mean absolute change of the band levels since the previous frame, in dB: near 0 for a steady tone or hum. */
  spectralChangeDb: number;
}

const SILENCE_DB = -100;
const FRAME_SECONDS = 0.02;
/** Nothing quieter than this (dBFS, 70 Hz–3.6 kHz) is usable speech, so it is not analysed for pitch. */
export const QUIETEST_SPEECH_DB = -55;
/** Spectral flatness above this is noise-like (white noise reads ~0.56), so it is not analysed for pitch either. */
export const NOISE_FLATNESS = 0.45;

const MIN_PITCH_HZ = 70;
const MAX_PITCH_HZ = 400;
const YIN_WINDOW_SECONDS = 0.025;
const YIN_DIP_THRESHOLD = 0.2;
const SPECTRUM_SECONDS = 0.032;
const HIGH_PASS_HZ = 70;
const LOW_BAND_HZ = 100;
const HIGH_BAND_HZ = 3600;
const BAND_COUNT = 12;
/** Bands more than this far below the loudest band are clamped, so near-empty bands do not read as change. */
const BAND_RANGE_DB = 50;

export interface FrameAnalyser {
  /** Analysis samples per frame (20 ms at the analysis rate). */
  readonly hop: number;
  /** Feeds analysis-rate samples; calls `onFrame` for every frame they complete. */
  push(samples: Float32Array, onFrame: (features: FrameFeatures) => void): void;
  /** Samples waiting for their frame to fill. */
  readonly pending: number;
}

export function createFrameAnalyser(rate: number): FrameAnalyser {
  const hop = Math.round(rate * FRAME_SECONDS);
  const yinWindow = Math.round(rate * YIN_WINDOW_SECONDS);
  const minLag = Math.max(2, Math.floor(rate / MAX_PITCH_HZ));
  const maxLag = Math.ceil(rate / MIN_PITCH_HZ);
  const fftSize = 2 ** Math.ceil(Math.log2(rate * SPECTRUM_SECONDS));
  const historyLength = Math.max(yinWindow + maxLag, fftSize, hop);
  const history = new Float32Array(historyLength);
  const highPass = createHighPass(rate, HIGH_PASS_HZ);
  const spectrum = createPowerSpectrum(fftSize);
  const hann = Float32Array.from(
    { length: fftSize },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / fftSize),
  );
  const windowed = new Float32Array(fftSize);
  const power = new Float32Array(fftSize / 2 + 1);
  const bandEdges = bandBins(rate, fftSize);
  const flatFrom = Math.max(1, Math.round((LOW_BAND_HZ * fftSize) / rate));
  const flatTo = Math.min(fftSize / 2, Math.round((Math.min(HIGH_BAND_HZ, 0.45 * rate) * fftSize) / rate));
  const difference = new Float64Array(maxLag + 1);
  const normalised = new Float64Array(maxLag + 1);
  const previousBands = new Float64Array(BAND_COUNT).fill(SILENCE_DB);
  const bands = new Float64Array(BAND_COUNT);
  let filled = 0; // samples of the current hop already in `history`'s tail

  const analyse = (): FrameFeatures => {
    let sumSquares = 0;
    for (let i = historyLength - hop; i < historyLength; i += 1) sumSquares += history[i]! * history[i]!;
    const energyDb = toDb(sumSquares / hop);

    for (let i = 0; i < fftSize; i += 1) windowed[i] = history[historyLength - fftSize + i]! * hann[i]!;
    spectrum.compute(windowed, power);
    const flatness = spectralFlatness(power, flatFrom, flatTo);
    let loudest = SILENCE_DB;
    for (let b = 0; b < BAND_COUNT; b += 1) {
      let bandPower = 0;
      for (let k = bandEdges[b]!; k < bandEdges[b + 1]!; k += 1) bandPower += power[k]!;
      bands[b] = toDb(bandPower / fftSize / fftSize);
      loudest = Math.max(loudest, bands[b]!);
    }
    let change = 0;
    for (let b = 0; b < BAND_COUNT; b += 1) {
      const level = Math.max(bands[b]!, loudest - BAND_RANGE_DB);
      change += Math.abs(level - previousBands[b]!);
      previousBands[b] = level;
    }

    let aperiodicity = 1;
    let pitchHz = 0;
    // Pitch analysis is most of the cost; frames that fail the cheaper tests cannot be voiced speech anyway.
    if (energyDb >= QUIETEST_SPEECH_DB && flatness <= NOISE_FLATNESS) {
      const start = historyLength - (yinWindow + maxLag);
      ({ aperiodicity, pitchHz } = yin(
        history,
        start,
        yinWindow,
        { minLag, maxLag, rate },
        difference,
        normalised,
      ));
    }
    return { energyDb, aperiodicity, pitchHz, flatness, spectralChangeDb: change / BAND_COUNT };
  };

  return {
    hop,
    get pending() {
      return filled;
    },
    push(samples, onFrame) {
      let index = 0;
      while (index < samples.length) {
        const take = Math.min(hop - filled, samples.length - index);
        // Shift the history left once per hop, when the hop starts, and write into its tail.
        if (filled === 0) history.copyWithin(0, hop);
        for (let i = 0; i < take; i += 1) {
          history[historyLength - hop + filled + i] = highPass(samples[index + i]!);
        }
        filled += take;
        index += take;
        if (filled === hop) {
          filled = 0;
          onFrame(analyse());
        }
      }
    },
  };
}

function toDb(meanSquare: number): number {
  return meanSquare > 0 ? Math.max(SILENCE_DB, 10 * Math.log10(meanSquare)) : SILENCE_DB;
}

function spectralFlatness(power: Float32Array, from: number, to: number): number {
  let logSum = 0;
  let sum = 0;
  const count = to - from;
  // A tiny offset keeps log() finite on digital silence without moving real spectra.
  for (let k = from; k < to; k += 1) {
    const value = power[k]! + 1e-20;
    logSum += Math.log(value);
    sum += value;
  }
  return count > 0 && sum > 0 ? Math.exp(logSum / count) / (sum / count) : 1;
}

function bandBins(rate: number, fftSize: number): number[] {
  const top = Math.min(HIGH_BAND_HZ, 0.45 * rate);
  const edges: number[] = [];
  for (let b = 0; b <= BAND_COUNT; b += 1) {
    const hz = LOW_BAND_HZ * (top / LOW_BAND_HZ) ** (b / BAND_COUNT);
    edges.push(Math.round((hz * fftSize) / rate));
  }
  // Every band gets at least one bin, even where the low bands are narrower than the FFT's resolution.
  for (let b = 1; b <= BAND_COUNT; b += 1) edges[b] = Math.max(edges[b]!, edges[b - 1]! + 1);
  return edges;
}

/**
 * YIN (de Cheveigné & Kawahara 2002), steps 2–5: difference function, cumulative mean normalisation, the first
 * dip under the threshold (or the global minimum), parabolic interpolation.
 */
function yin(
  signal: Float32Array,
  start: number,
  window: number,
  { minLag, maxLag, rate }: { minLag: number; maxLag: number; rate: number },
  difference: Float64Array,
  cmnd: Float64Array,
): { aperiodicity: number; pitchHz: number } {
  for (let lag = 1; lag <= maxLag; lag += 1) {
    let sum = 0;
    for (let j = start; j < start + window; j += 1) {
      const delta = signal[j]! - signal[j + lag]!;
      sum += delta * delta;
    }
    difference[lag] = sum;
  }
  let running = 0;
  for (let lag = 1; lag <= maxLag; lag += 1) {
    running += difference[lag]!;
    cmnd[lag] = running > 0 ? (difference[lag]! * lag) / running : 1;
  }
  let bestLag = -1;
  let bestValue = Infinity;
  for (let lag = minLag; lag <= maxLag; lag += 1) {
    if (cmnd[lag]! < YIN_DIP_THRESHOLD) {
      // The first dip under the threshold is the period (later dips are its multiples): take its bottom.
      let bottom = lag;
      while (bottom + 1 <= maxLag && cmnd[bottom + 1]! < cmnd[bottom]!) bottom += 1;
      bestLag = bottom;
      bestValue = cmnd[bottom]!;
      break;
    }
    if (cmnd[lag]! < bestValue) {
      bestValue = cmnd[lag]!;
      bestLag = lag;
    }
  }
  if (bestLag < 0) return { aperiodicity: 1, pitchHz: 0 };
  let refined = bestLag;
  if (bestLag > minLag && bestLag < maxLag) {
    const a = cmnd[bestLag - 1]!;
    const b = cmnd[bestLag]!;
    const c = cmnd[bestLag + 1]!;
    const curvature = a - 2 * b + c;
    if (curvature > 0) refined = bestLag + (a - c) / (2 * curvature);
  }
  return { aperiodicity: bestValue, pitchHz: rate / refined };
}

/** A second-order Butterworth high-pass (RBJ biquad): removes DC and rumble before every measurement. */
function createHighPass(rate: number, cutoffHz: number): (x: number) => number {
  const w0 = (2 * Math.PI * cutoffHz) / rate;
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
  const cosW0 = Math.cos(w0);
  const a0 = 1 + alpha;
  const b0 = (1 + cosW0) / 2 / a0;
  const b1 = -(1 + cosW0) / a0;
  const b2 = b0;
  const a1 = (-2 * cosW0) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  return (x) => {
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    return y;
  };
}
