/**
 * Polyphase windowed-sinc filter tables for sample-rate conversion.
 *
 * The conversion from rate `from` to rate `to` is the rational ratio L/M (reduced by their gcd): output
 * sample n sits at input position n·M/L. Each distinct fractional position ("phase") gets its own row of
 * 2·halfTaps coefficients of a Kaiser-windowed sinc, centred on that position, so the filter has zero
 * phase (no delay to compensate). The cut-off sits just below the lower of the two Nyquist frequencies,
 * which removes the images of upsampling and the aliases of downsampling.
 */

export interface ResamplerQuality {
  /** Coefficients on each side of the output position, in input samples (when upsampling). */
  readonly halfTaps: number;
  /** Kaiser window shape: larger is more stopband attenuation and a wider transition. */
  readonly kaiserBeta: number;
  /** Cut-off as a fraction of the lower Nyquist frequency. */
  readonly cutoff: number;
}

/**
 * 32 taps when upsampling, β = 7 (about −70 dB stopband), cut-off at 91 % of Nyquist: at 24 → 44.1 kHz
 * the passband is flat to about 9 kHz and everything from 12.9 kHz up is down by 70 dB. ffmpeg's default
 * (swr, 32 taps, cut-off 97 %) keeps a little more treble and stops a little less.
 */
export const standardQuality: ResamplerQuality = { halfTaps: 16, kaiserBeta: 7, cutoff: 0.91 };

// Exact phases for every ratio whose L is at most this; rarer ratios round the phase to this grid
// (an error below 1/4096 of a sample, under −80 dB for speech).
const MAX_PHASES = 4096;

export interface PolyphaseTable {
  /** Reduced ratio: output sample n lies at input position n·step/phases. */
  readonly phases: number;
  readonly step: number;
  /** Coefficients per phase row (a multiple of 4, for the unrolled inner loop). */
  readonly taps: number;
  /** Rows for phase 0 … rowCount−1, each `taps` long; input sample index of tap 0 is position − taps/2 + 1. */
  readonly coefficients: Float32Array;
  /** How many rows the table has (phases, or MAX_PHASES + 1 when rounded). */
  readonly rowCount: number;
  /** True when phases are rounded to a grid of rowCount − 1 steps. */
  readonly rounded: boolean;
}

const designed = new Map<string, PolyphaseTable>();

/** The table for a conversion, designed once per process and shared (tables are read-only). */
export function polyphaseTableFor(
  from: number,
  to: number,
  quality: ResamplerQuality = standardQuality,
): PolyphaseTable {
  const key = `${from}>${to}:${quality.halfTaps}:${quality.kaiserBeta}:${quality.cutoff}`;
  let table = designed.get(key);
  if (!table) {
    table = designPolyphaseTable(from, to, quality);
    designed.set(key, table);
  }
  return table;
}

export function designPolyphaseTable(
  from: number,
  to: number,
  quality: ResamplerQuality = standardQuality,
): PolyphaseTable {
  const divisor = gcd(from, to);
  const phases = to / divisor;
  const step = from / divisor;
  // When downsampling the kernel widens in input samples so the transition band keeps its width in output terms.
  const scale = Math.min(1, to / from);
  const halfTaps = Math.ceil(quality.halfTaps / scale / 2) * 2;
  const taps = halfTaps * 2;
  const rounded = phases > MAX_PHASES;
  const rowCount = rounded ? MAX_PHASES + 1 : phases;
  const coefficients = new Float32Array(rowCount * taps);
  const cutoff = quality.cutoff * scale;
  for (let row = 0; row < rowCount; row += 1) {
    const fraction = rounded ? row / MAX_PHASES : row / phases;
    let sum = 0;
    const values = new Float64Array(taps);
    for (let tap = 0; tap < taps; tap += 1) {
      // Tap k reads input sample (index − halfTaps + 1 + k); its distance from the output position:
      const distance = tap - halfTaps + 1 - fraction;
      const value = cutoff * sinc(cutoff * distance) * kaiser(distance / halfTaps, quality.kaiserBeta);
      values[tap] = value;
      sum += value;
    }
    // Each row sums to exactly 1, so a constant signal passes unchanged whatever the phase.
    for (let tap = 0; tap < taps; tap += 1) coefficients[row * taps + tap] = (values[tap] ?? 0) / sum;
  }
  return { phases, step, taps, coefficients, rowCount, rounded };
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const angle = Math.PI * x;
  return Math.sin(angle) / angle;
}

function kaiser(position: number, beta: number): number {
  if (position <= -1 || position >= 1) return 0;
  return besselI0(beta * Math.sqrt(1 - position * position)) / besselI0(beta);
}

/** Modified Bessel function of the first kind, order 0 (power series; converges fast for β ≤ 20). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const half = x / 2;
  for (let k = 1; k < 50; k += 1) {
    term *= (half / k) * (half / k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}
