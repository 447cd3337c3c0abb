/**
 * Power spectrum of a real frame by an in-place radix-2 FFT. Small and allocation-free per call, because the
 * speech detector runs it fifty times per second of audio.
 */
export interface PowerSpectrum {
  readonly size: number;
  /** Writes |X[k]|² for k = 0..size/2 into `out` (length size/2 + 1), from `frame` (length size). */
  compute(frame: Float32Array, out: Float32Array): void;
}

export function createPowerSpectrum(size: number): PowerSpectrum {
  if (!Number.isInteger(size) || size < 2 || (size & (size - 1)) !== 0) {
    throw new RangeError(`FFT size must be a power of two ≥ 2 (got ${size}).`);
  }
  const real = new Float64Array(size);
  const imag = new Float64Array(size);
  const bits = Math.log2(size);
  const reversed = new Uint32Array(size);
  for (let i = 0; i < size; i += 1) {
    let r = 0;
    for (let b = 0; b < bits; b += 1) r |= ((i >> b) & 1) << (bits - 1 - b);
    reversed[i] = r;
  }
  const cos = new Float64Array(size / 2);
  const sin = new Float64Array(size / 2);
  for (let i = 0; i < size / 2; i += 1) {
    cos[i] = Math.cos((2 * Math.PI * i) / size);
    sin[i] = -Math.sin((2 * Math.PI * i) / size);
  }

  return {
    size,
    compute(frame, out) {
      for (let i = 0; i < size; i += 1) {
        real[reversed[i]!] = frame[i]!;
        imag[reversed[i]!] = 0;
      }
      for (let span = 2; span <= size; span *= 2) {
        const half = span / 2;
        const step = size / span;
        for (let start = 0; start < size; start += span) {
          for (let k = 0; k < half; k += 1) {
            const wr = cos[k * step]!;
            const wi = sin[k * step]!;
            const a = start + k;
            const b = a + half;
            const tr = wr * real[b]! - wi * imag[b]!;
            const ti = wr * imag[b]! + wi * real[b]!;
            real[b] = real[a]! - tr;
            imag[b] = imag[a]! - ti;
            real[a] = real[a]! + tr;
            imag[a] = imag[a]! + ti;
          }
        }
      }
      for (let k = 0; k <= size / 2; k += 1) out[k] = real[k]! * real[k]! + imag[k]! * imag[k]!;
    },
  };
}
