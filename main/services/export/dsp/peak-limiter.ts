/**
 * A look-ahead peak limiter with a "true-peak-ish" detector, the ceiling of loudness normalisation.
 *
 * Detection: a sample's level is its magnitude and, where it or its neighbour is loud (over half the
 * ceiling), the peaks on either side of it estimated at ¼, ½ and ¾ by band-limited interpolation, as
 * BS.1770's 4× true-peak meter does. Quiet stretches skip the interpolation, which keeps it cheap.
 *
 * Gain: the gain each sample needs (ceiling / level, at most 1) is taken as the minimum over a window
 * as long as the look-ahead, released slowly back towards 1, and smoothed by a moving average of the
 * same length. Every value in the average at the moment a sample leaves the delay line is at or below
 * that sample's need, so the average is too: sample peaks never exceed the ceiling, and peaks between
 * samples only by the little that interpolating a gain that changes within a few samples allows.
 */

const LOOKAHEAD_MS = 2;
const RELEASE_MS = 80;
const INTERPOLATION_TAPS = 8;
// The level of sample k needs samples up to k+4 (the interpolation's reach): it is known 4 frames late.
const DETECTION_LATENCY = INTERPOLATION_TAPS / 2;
const FRACTIONS = [0.25, 0.5, 0.75];

export class PeakLimiter {
  private readonly window: number;
  private readonly release: number;
  private readonly needRing: Float64Array;
  private readonly minQueue: Int32Array;
  private queueHead = 0;
  private queueTail = 0;
  private readonly smoothRing: Float64Array;
  private smoothSum: number;
  private released = 1;
  private readonly audioRings: Float32Array[];
  private readonly history: Float32Array[];
  private readonly rows: Float32Array[];
  private previousBetween = 0;
  private time = 0;
  /** Frames of delay between input and output. */
  readonly delay: number;

  constructor(
    sampleRate: number,
    private readonly channels: number,
    private readonly ceiling: number,
    /** How fast the gain recovers after a peak; shorter keeps more of the speech after it (ACX levels). */
    releaseMs = RELEASE_MS,
  ) {
    const lookahead = Math.max(1, Math.round((sampleRate * LOOKAHEAD_MS) / 1000));
    this.window = lookahead + 1;
    this.delay = lookahead + DETECTION_LATENCY;
    this.release = 1 - Math.exp(-1 / ((sampleRate * releaseMs) / 1000));
    this.needRing = new Float64Array(this.window).fill(1);
    this.minQueue = new Int32Array(this.window + 1);
    this.smoothRing = new Float64Array(this.window).fill(1);
    this.smoothSum = this.window;
    this.audioRings = Array.from({ length: channels }, () => new Float32Array(this.delay));
    this.history = Array.from({ length: channels }, () => new Float32Array(INTERPOLATION_TAPS));
    this.rows = FRACTIONS.map(interpolationRow);
  }

  /**
   * Limits `frames` frames in place. The output is the input delayed by `delay` frames, so the first
   * `delay` frames ever returned are silence: the caller drops them and appends flush() at the end.
   */
  process(planar: readonly Float32Array[], frames: number): void {
    const window = this.window;
    for (let frame = 0; frame < frames; frame += 1) {
      const level = this.detect(planar, frame);
      const need = level > this.ceiling ? this.ceiling / level : 1;
      const slot = this.time % window;
      this.pushNeed(slot, need);
      const minimum = this.needRing[this.minQueue[this.queueHead]!]!;
      this.released = Math.min(minimum, this.released + (1 - this.released) * this.release);
      this.smoothSum += this.released - this.smoothRing[slot]!;
      this.smoothRing[slot] = this.released;
      const gain = this.smoothSum / window;
      const audioSlot = this.time % this.delay;
      for (let channel = 0; channel < this.channels; channel += 1) {
        const ring = this.audioRings[channel]!;
        const samples = planar[channel]!;
        const incoming = samples[frame]!;
        samples[frame] = ring[audioSlot]! * gain;
        ring[audioSlot] = incoming;
      }
      this.time += 1;
    }
  }

  /** The last `delay` frames, still in the delay line, limited. */
  flush(): Float32Array[] {
    const tail = Array.from({ length: this.channels }, () => new Float32Array(this.delay));
    this.process(tail, this.delay);
    return tail;
  }

  private pushNeed(slot: number, need: number): void {
    const size = this.window + 1;
    // The entry written `window` frames ago leaves the window as its slot is reused.
    if (this.queueTail !== this.queueHead && this.minQueue[this.queueHead] === slot) {
      this.queueHead = (this.queueHead + 1) % size;
    }
    this.needRing[slot] = need;
    while (this.queueTail !== this.queueHead) {
      const last = (this.queueTail + size - 1) % size;
      if (this.needRing[this.minQueue[last]!]! <= need) break;
      this.queueTail = last;
    }
    this.minQueue[this.queueTail] = slot;
    this.queueTail = (this.queueTail + 1) % size;
  }

  /** Level of the sample DETECTION_LATENCY frames back (history[3]), with the peaks on both sides of it. */
  private detect(planar: readonly Float32Array[], frame: number): number {
    const loud = this.ceiling * 0.5;
    let level = 0;
    let between = 0;
    for (let channel = 0; channel < this.channels; channel += 1) {
      const history = this.history[channel]!;
      history.copyWithin(0, 1);
      history[INTERPOLATION_TAPS - 1] = planar[channel]![frame]!;
      const current = Math.abs(history[3]!);
      if (current > level) level = current;
      if (current > loud || Math.abs(history[4]!) > loud) {
        for (const row of this.rows) {
          let value = 0;
          for (let tap = 0; tap < INTERPOLATION_TAPS; tap += 1) value += row[tap]! * history[tap]!;
          const peak = Math.abs(value);
          if (peak > between) between = peak;
        }
      }
    }
    const result = Math.max(level, between, this.previousBetween);
    this.previousBetween = between;
    return result;
  }
}

/** Band-limited interpolation at `fraction` of the way from history[3] to history[4] (Hann-windowed sinc). */
function interpolationRow(fraction: number): Float32Array {
  const row = new Float32Array(INTERPOLATION_TAPS);
  const centre = 3 + fraction;
  for (let tap = 0; tap < INTERPOLATION_TAPS; tap += 1) {
    const distance = tap - centre;
    const sinc = distance === 0 ? 1 : Math.sin(Math.PI * distance) / (Math.PI * distance);
    const hann = 0.5 + 0.5 * Math.cos((Math.PI * distance) / (INTERPOLATION_TAPS / 2));
    row[tap] = sinc * hann;
  }
  return row;
}
