/**
 * Brings any input rate down to about 8 kHz for speech analysis: voiced speech lives below 4 kHz, and analysing
 * 48 kHz audio at full rate would cost six times as much for nothing. The factor is a whole number, so the
 * low-pass filter is a fixed FIR kernel and the output does not depend on how the input is chunked.
 */
export interface Decimator {
  readonly inputRate: number;
  readonly outputRate: number;
  readonly factor: number;
  /** Filters and decimates one chunk; returns the output samples this chunk completed (possibly none). */
  push(samples: Float32Array): Float32Array;
}

const TARGET_ANALYSIS_RATE = 8000;
/** Taps per unit of decimation factor: enough stop-band for analysis, cheap enough for hour-long files. */
const TAPS_PER_FACTOR = 16;

function analysisFactorFor(inputRate: number): number {
  return Math.max(1, Math.round(inputRate / TARGET_ANALYSIS_RATE));
}

export function createDecimator(inputRate: number): Decimator {
  const factor = analysisFactorFor(inputRate);
  const outputRate = inputRate / factor;
  if (factor === 1) {
    return { inputRate, outputRate, factor, push: (samples) => Float32Array.from(samples) };
  }
  const kernel = lowPassKernel(TAPS_PER_FACTOR * factor + 1, 0.45 / factor);
  const taps = kernel.length;
  const half = (taps - 1) / 2;
  // The last taps-1 input samples, so a chunk boundary never changes an output sample.
  let history = new Float32Array(taps - 1);
  // Input samples consumed so far; output j is computed at input index j * factor.
  let consumed = 0;

  return {
    inputRate,
    outputRate,
    factor,
    push(samples) {
      const joined = new Float32Array(history.length + samples.length);
      joined.set(history, 0);
      joined.set(samples, history.length);
      const firstIndex = consumed; // global index of samples[0]
      const firstOutput = Math.ceil(firstIndex / factor);
      const lastOutput = Math.floor((firstIndex + samples.length - 1) / factor);
      const count = Math.max(0, lastOutput - firstOutput + 1);
      const output = new Float32Array(count);
      for (let o = 0; o < count; o += 1) {
        // Position of the newest tap in `joined`.
        const newest = (firstOutput + o) * factor - firstIndex + history.length;
        // The kernel is symmetric (odd length), so pair its taps: half the multiplications.
        const oldest = newest - (taps - 1);
        let sum = kernel[half]! * joined[newest - half]!;
        for (let k = 0; k < half; k += 1) sum += kernel[k]! * (joined[newest - k]! + joined[oldest + k]!);
        output[o] = sum;
      }
      consumed += samples.length;
      history = joined.slice(joined.length - (taps - 1));
      return output;
    },
  };
}

/** A Blackman-windowed sinc low-pass with unit gain at DC; `cutoff` is in cycles per input sample. */
function lowPassKernel(length: number, cutoff: number): Float32Array {
  const kernel = new Float32Array(length);
  const middle = (length - 1) / 2;
  let sum = 0;
  for (let i = 0; i < length; i += 1) {
    const x = i - middle;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    const window =
      0.42 -
      0.5 * Math.cos((2 * Math.PI * i) / (length - 1)) +
      0.08 * Math.cos((4 * Math.PI * i) / (length - 1));
    kernel[i] = sinc * window;
    sum += kernel[i]!;
  }
  for (let i = 0; i < length; i += 1) kernel[i]! /= sum;
  return kernel;
}
