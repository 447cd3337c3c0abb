import {
  polyphaseTableFor,
  standardQuality,
  type PolyphaseTable,
  type ResamplerQuality,
} from './sinc-filter-design.js';
import { SimdResampleWorkspace, simdAvailable } from './simd-kernel.js';

export interface ResamplerOptions {
  readonly quality?: ResamplerQuality;
  /** Use the JavaScript loop even where WebAssembly SIMD is available (for comparison in tests). */
  readonly forceScalar?: boolean;
}

const INITIAL_CAPACITY = 1 << 16;

/**
 * Converts planar audio from one sample rate to another as it streams through, in bounded memory:
 * only the last few input samples per channel (the filter's reach) are kept between calls.
 * Output sample n is the filtered value at input position n·from/to, so the output is aligned with
 * the input (no delay) and holds ceil(inputFrames · to / from) frames once flush() has been called.
 * The arrays returned by process() and flush() are reused by the next call: consume them first.
 *
 * The inner loop runs in WebAssembly SIMD where available (simd-kernel-binary.ts), else in JavaScript;
 * both compute the same sums (up to float rounding).
 */
export class StreamingResampler {
  private readonly table: PolyphaseTable;
  private readonly half: number;
  private readonly simd: SimdResampleWorkspace | undefined;
  private scalarBuffers: Float32Array[] = [];
  /** Absolute input index of the first buffered sample. */
  private base: number;
  private length: number;
  private inputFrames = 0;
  /** Next output: integer input index and phase numerator (0 … phases−1). */
  private index = 0;
  private accumulator = 0;
  private outputFrames = 0;
  private outputs: Float32Array[] = [];

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
    readonly channels: number,
    options: ResamplerOptions = {},
  ) {
    this.table = polyphaseTableFor(fromRate, toRate, options.quality ?? standardQuality);
    this.half = this.table.taps / 2;
    // Before the first sample the signal is silent: start with the filter's left reach of zeros.
    this.base = -(this.half - 1);
    this.length = this.half - 1;
    const useSimd = !options.forceScalar && !this.table.rounded && simdAvailable();
    this.simd = useSimd
      ? new SimdResampleWorkspace(this.table.coefficients, channels, INITIAL_CAPACITY, INITIAL_CAPACITY * 2)
      : undefined;
    if (!this.simd)
      this.scalarBuffers = Array.from({ length: channels }, () => new Float32Array(INITIAL_CAPACITY));
  }

  /** Starts a new stream with the same rates, keeping the tables and buffers. */
  reset(): void {
    this.base = -(this.half - 1);
    this.length = this.half - 1;
    for (const buffer of this.buffers()) buffer.fill(0, 0, this.length);
    this.inputFrames = 0;
    this.index = 0;
    this.accumulator = 0;
    this.outputFrames = 0;
  }

  /** Takes the next `frames` frames and returns the output frames they complete. */
  process(input: readonly Float32Array[], frames: number): Float32Array[] {
    this.append(input, frames);
    this.inputFrames += frames;
    return this.produce(Number.POSITIVE_INFINITY);
  }

  /** Ends the stream: pads with silence so the last input samples get their full filter, then returns the rest. */
  flush(): Float32Array[] {
    const zeros = Array.from({ length: this.channels }, () => new Float32Array(this.half + 1));
    this.append(zeros, this.half + 1);
    const total = Math.ceil((this.inputFrames * this.table.phases) / this.table.step);
    return this.produce(total - this.outputFrames);
  }

  private buffers(): Float32Array[] {
    return this.simd ? this.simd.inputs : this.scalarBuffers;
  }

  private append(input: readonly Float32Array[], frames: number): void {
    const needed = this.length + frames;
    const expectedOutput = Math.ceil((needed * this.table.phases) / this.table.step) + 8;
    if (this.simd) {
      this.simd.ensure(needed, expectedOutput, this.length);
    } else if (needed > (this.scalarBuffers[0]?.length ?? 0)) {
      const capacity = Math.max(needed, (this.scalarBuffers[0]?.length ?? 0) * 2);
      this.scalarBuffers = this.scalarBuffers.map((old) => {
        const grown = new Float32Array(capacity);
        grown.set(old.subarray(0, this.length));
        return grown;
      });
    }
    const buffers = this.buffers();
    for (let channel = 0; channel < this.channels; channel += 1) {
      const source = input[channel] ?? input[0];
      if (!source) throw new Error(`resampler input: channel ${channel} is missing`);
      buffers[channel]?.set(source.subarray(0, frames), this.length);
    }
    this.length = needed;
  }

  private produce(limit: number): Float32Array[] {
    const { phases, step } = this.table;
    // Outputs whose filter reach lies inside what has been received: output n reads input index
    // index + floor((accumulator + n·step) / phases), which must stay below lastUsable.
    const lastUsable = this.base + this.length - this.half;
    const reachable =
      lastUsable > this.index ? Math.ceil(((lastUsable - this.index) * phases - this.accumulator) / step) : 0;
    const count = Math.max(0, Math.min(limit, reachable));
    const advanced = this.accumulator + count * step;
    const endIndex = this.index + Math.floor(advanced / phases);
    const endAccumulator = advanced % phases;
    if ((this.outputs[0]?.length ?? -1) < count) {
      this.outputs = Array.from({ length: this.channels }, () => new Float32Array(Math.max(count, 4096)));
    }
    const outputs = this.outputs.map((output) => output.subarray(0, count));
    const firstTap = this.index - this.half + 1 - this.base;
    for (let channel = 0; channel < this.channels; channel += 1) {
      const output = outputs[channel]!;
      if (this.simd) {
        this.simd.ensure(this.length, count, this.length);
        this.simd.run(channel, firstTap, this.table.taps, phases, step, this.accumulator, count);
        output.set(this.simd.output.subarray(0, count));
      } else {
        scalarKernel(this.table, this.scalarBuffers[channel]!, output, firstTap, this.accumulator, count);
      }
    }
    this.index = endIndex;
    this.accumulator = endAccumulator;
    this.outputFrames += count;
    this.discardBefore(this.index - this.half + 1);
    return outputs;
  }

  /** Drops buffered input that no future output can reach. */
  private discardBefore(absolute: number): void {
    const drop = Math.min(this.length, Math.max(0, absolute - this.base));
    if (drop === 0) return;
    for (const buffer of this.buffers()) buffer.copyWithin(0, drop, this.length);
    this.base += drop;
    this.length -= drop;
  }
}

/** The same loop as the SIMD kernel, in JavaScript (four partial sums, like the four SIMD lanes). */
function scalarKernel(
  table: PolyphaseTable,
  input: Float32Array,
  output: Float32Array,
  firstTap: number,
  startAccumulator: number,
  count: number,
): void {
  const { phases, step, taps, coefficients, rounded, rowCount } = table;
  let position = firstTap;
  let accumulator = startAccumulator;
  for (let n = 0; n < count; n += 1) {
    const row = rounded ? Math.round((accumulator / phases) * (rowCount - 1)) : accumulator;
    let c = row * taps;
    let i = position;
    const end = c + taps;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    for (; c < end; c += 4, i += 4) {
      a0 += coefficients[c]! * input[i]!;
      a1 += coefficients[c + 1]! * input[i + 1]!;
      a2 += coefficients[c + 2]! * input[i + 2]!;
      a3 += coefficients[c + 3]! * input[i + 3]!;
    }
    output[n] = a0 + a1 + a2 + a3;
    accumulator += step;
    while (accumulator >= phases) {
      accumulator -= phases;
      position += 1;
    }
  }
}
