/**
 * Integrated loudness after ITU-R BS.1770-4 / EBU R128: K-weighting (a high shelf and a high-pass,
 * designed for any sample rate as libebur128 does), mean square over 400 ms blocks every 100 ms,
 * an absolute gate at −70 LUFS and a relative gate 10 LU below the absolute-gated loudness.
 * Also keeps the sample peak and the overall RMS level (ACX measures RMS). Streams: feed any chunk size.
 */

export interface LoudnessMeasurement {
  /** Integrated loudness in LUFS; −Infinity when nothing passes the gates (silence). */
  readonly integratedLufs: number;
  /** Largest absolute sample value, in dBFS. */
  readonly samplePeakDb: number;
  /** RMS of all samples of all channels, in dBFS (a full-scale sine reads −3 dB, as in ACX's checks). */
  readonly rmsDb: number;
  /** Number of samples per channel measured. */
  readonly frames: number;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const LOUDNESS_OFFSET = -0.691;

interface Biquad {
  readonly b0: number;
  readonly b1: number;
  readonly b2: number;
  readonly a1: number;
  readonly a2: number;
}

/** The two K-weighting stages for a sample rate (constants of BS.1770's 48 kHz filters, re-derived per rate). */
function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  return [shelf, highPass];
}

/**
 * What a meter has gathered, to carry across threads: the energy of every completed 100 ms hop, the part of the
 * hop in progress, and the peak and sum of squares. Two halves of a stream measured apart (the second primed with
 * audio before its start) append into exactly what one meter would have measured (`LoudnessMeter.append`).
 */
export interface LoudnessMeterState {
  readonly hops: Float64Array;
  readonly hopFill: number;
  readonly hopEnergy: number;
  readonly peak: number;
  readonly sumOfSquares: number;
  readonly frames: number;
}

export class LoudnessMeter {
  private readonly shelf: Biquad;
  private readonly highPass: Biquad;
  // Filter state per channel: two delay elements per stage (transposed direct form II).
  private readonly state: Float64Array;
  private readonly hop: number;
  private hopFill = 0;
  private hopEnergy = 0;
  // Every completed hop's K-weighted energy (a 90-minute mix has 54,000); the 400 ms blocks are made from them.
  private hops = new Float64Array(1024);
  private hopCount = 0;
  private peak = 0;
  private sumOfSquares = 0;
  private frames = 0;

  constructor(
    sampleRate: number,
    private readonly channels: number,
  ) {
    [this.shelf, this.highPass] = kWeightingFilters(sampleRate);
    this.state = new Float64Array(channels * 4);
    this.hop = Math.round(sampleRate / 10);
  }

  /** Frames per 100 ms hop: a meter's measurement can be split and appended only at a multiple of this. */
  get hopFrames(): number {
    return this.hop;
  }

  /** Adds `frames` frames of planar audio (one array per channel). */
  add(planar: readonly Float32Array[], frames: number): void {
    let offset = 0;
    while (offset < frames) {
      const count = Math.min(frames - offset, this.hop - this.hopFill);
      for (let channel = 0; channel < this.channels; channel += 1) {
        this.hopEnergy += this.filterChannel(channel, this.channel(planar, channel), offset, count, true);
      }
      this.hopFill += count;
      offset += count;
      if (this.hopFill === this.hop) this.closeHop();
    }
    this.frames += frames;
  }

  /**
   * Runs audio through the K-weighting filters without measuring it: the audio just before a measured stretch,
   * so the filters start that stretch in the state one meter over the whole stream would have.
   */
  prime(planar: readonly Float32Array[], frames: number): void {
    for (let channel = 0; channel < this.channels; channel += 1) {
      this.filterChannel(channel, this.channel(planar, channel), 0, frames, false);
    }
  }

  /** A copy of what has been measured so far. */
  snapshot(): LoudnessMeterState {
    return {
      hops: this.hops.slice(0, this.hopCount),
      hopFill: this.hopFill,
      hopEnergy: this.hopEnergy,
      peak: this.peak,
      sumOfSquares: this.sumOfSquares,
      frames: this.frames,
    };
  }

  /**
   * Continues this measurement with one made of the audio that follows it (by a meter primed with the audio before
   * its start). This meter must stand at a hop boundary: the stream was split at a multiple of `hopFrames`.
   */
  append(next: LoudnessMeterState): void {
    if (this.hopFill !== 0)
      throw new Error('LoudnessMeter.append: this measurement does not end on a hop boundary');
    for (const energy of next.hops) this.pushHop(energy);
    this.hopFill = next.hopFill;
    this.hopEnergy = next.hopEnergy;
    this.peak = Math.max(this.peak, next.peak);
    this.sumOfSquares += next.sumOfSquares;
    this.frames += next.frames;
  }

  private channel(planar: readonly Float32Array[], channel: number): Float32Array {
    const samples = planar[channel];
    if (!samples)
      throw new Error(`planar[${channel}] is missing: the meter was made for ${this.channels} channels`);
    return samples;
  }

  private filterChannel(
    channel: number,
    samples: Float32Array,
    offset: number,
    count: number,
    measure: boolean,
  ): number {
    const { shelf: s, highPass: h, state } = this;
    const base = channel * 4;
    let s1 = state[base] ?? 0;
    let s2 = state[base + 1] ?? 0;
    let h1 = state[base + 2] ?? 0;
    let h2 = state[base + 3] ?? 0;
    let energy = 0;
    let peak = this.peak;
    let squares = 0;
    for (let index = offset; index < offset + count; index += 1) {
      const x = samples[index] ?? 0;
      const magnitude = x < 0 ? -x : x;
      if (magnitude > peak) peak = magnitude;
      squares += x * x;
      const y = s.b0 * x + s1;
      s1 = s.b1 * x - s.a1 * y + s2;
      s2 = s.b2 * x - s.a2 * y;
      const z = h.b0 * y + h1;
      h1 = h.b1 * y - h.a1 * z + h2;
      h2 = h.b2 * y - h.a2 * z;
      energy += z * z;
    }
    state[base] = s1;
    state[base + 1] = s2;
    state[base + 2] = h1;
    state[base + 3] = h2;
    if (!measure) return 0;
    this.peak = peak;
    this.sumOfSquares += squares;
    // Channel weights are 1.0 for left, right and centre (BS.1770); surround channels are not produced here.
    return energy;
  }

  private closeHop(): void {
    this.pushHop(this.hopEnergy);
    this.hopEnergy = 0;
    this.hopFill = 0;
  }

  private pushHop(energy: number): void {
    if (this.hopCount === this.hops.length) {
      const grown = new Float64Array(this.hops.length * 2);
      grown.set(this.hops);
      this.hops = grown;
    }
    this.hops[this.hopCount] = energy;
    this.hopCount += 1;
  }

  /** The mean square of every 400 ms block: four consecutive hops, one block per hop from the fourth. */
  private blockMeans(): Float64Array {
    const blocks = new Float64Array(Math.max(0, this.hopCount - 3));
    for (let index = 0; index < blocks.length; index += 1) {
      const sum = this.hops[index]! + this.hops[index + 1]! + this.hops[index + 2]! + this.hops[index + 3]!;
      blocks[index] = sum / (4 * this.hop);
    }
    return blocks;
  }

  result(): LoudnessMeasurement {
    const blocks = this.blockMeans();
    const absoluteThreshold = loudnessToMeanSquare(ABSOLUTE_GATE_LUFS);
    const absoluteMean = gatedMean(blocks, absoluteThreshold);
    let integratedLufs = Number.NEGATIVE_INFINITY;
    if (absoluteMean > 0) {
      const relativeThreshold = Math.max(
        absoluteThreshold,
        loudnessToMeanSquare(meanSquareToLoudness(absoluteMean) + RELATIVE_GATE_LU),
      );
      const gated = gatedMean(blocks, relativeThreshold);
      if (gated > 0) integratedLufs = meanSquareToLoudness(gated);
    }
    const samples = this.frames * this.channels;
    return {
      integratedLufs,
      samplePeakDb: 20 * Math.log10(this.peak),
      rmsDb: samples > 0 ? 10 * Math.log10(this.sumOfSquares / samples) : Number.NEGATIVE_INFINITY,
      frames: this.frames,
    };
  }
}

function gatedMean(blocks: Float64Array, threshold: number): number {
  let sum = 0;
  let count = 0;
  for (const block of blocks) {
    if (block > threshold) {
      sum += block;
      count += 1;
    }
  }
  return count > 0 ? sum / count : 0;
}

function meanSquareToLoudness(meanSquare: number): number {
  return LOUDNESS_OFFSET + 10 * Math.log10(meanSquare);
}

function loudnessToMeanSquare(lufs: number): number {
  return 10 ** ((lufs - LOUDNESS_OFFSET) / 10);
}
