/**
 * The noise floor as ACX's checker measures it, the RMS of the quietest half second (sliding in 50 ms steps), and
 * the longest run of digital zero (every channel below one 16-bit step), which a room-tone profile refuses.
 * Streams: feed planar chunks of any size; memory is ten 50 ms sums whatever the length.
 */
const HOP_MS = 50;
const HOPS_PER_WINDOW = 10;
const ZERO = 1 / 32768;

export interface NoiseFloorMeasurement {
  /** dBFS; −Infinity when the quietest half second is digital zero. Whole-file RMS for files under half a second. */
  readonly noiseFloorDb: number;
  readonly longestDigitalZeroMs: number;
}

export class NoiseFloorMeter {
  private readonly hopFrames: number;
  private readonly hops = new Float64Array(HOPS_PER_WINDOW);
  private hopCount = 0;
  private hopFill = 0;
  private hopEnergy = 0;
  private quietest = Infinity;
  private totalEnergy = 0;
  private frames = 0;
  private zeroRun = 0;
  private longestZeroRun = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly channels: number,
  ) {
    this.hopFrames = Math.max(1, Math.round((sampleRate * HOP_MS) / 1000));
  }

  add(planar: readonly Float32Array[], frames: number): void {
    for (let frame = 0; frame < frames; frame += 1) {
      let energy = 0;
      let loudest = 0;
      for (let channel = 0; channel < this.channels; channel += 1) {
        const sample = planar[channel]?.[frame] ?? 0;
        energy += sample * sample;
        const magnitude = sample < 0 ? -sample : sample;
        if (magnitude > loudest) loudest = magnitude;
      }
      this.hopEnergy += energy;
      if (loudest < ZERO) {
        this.zeroRun += 1;
        if (this.zeroRun > this.longestZeroRun) this.longestZeroRun = this.zeroRun;
      } else {
        this.zeroRun = 0;
      }
      this.hopFill += 1;
      if (this.hopFill === this.hopFrames) this.closeHop();
    }
    this.frames += frames;
  }

  private closeHop(): void {
    this.hops[this.hopCount % HOPS_PER_WINDOW] = this.hopEnergy;
    this.totalEnergy += this.hopEnergy;
    this.hopCount += 1;
    this.hopFill = 0;
    this.hopEnergy = 0;
    if (this.hopCount >= HOPS_PER_WINDOW) {
      let window = 0;
      for (const energy of this.hops) window += energy;
      if (window < this.quietest) this.quietest = window;
    }
  }

  finish(): NoiseFloorMeasurement {
    const samples = (count: number) => count * this.channels;
    const meanSquare =
      this.quietest === Infinity
        ? (this.totalEnergy + this.hopEnergy) / Math.max(1, samples(this.frames))
        : this.quietest / samples(this.hopFrames * HOPS_PER_WINDOW);
    return {
      noiseFloorDb: meanSquare > 0 ? 10 * Math.log10(meanSquare) : -Infinity,
      longestDigitalZeroMs: (this.longestZeroRun * 1000) / this.sampleRate,
    };
  }
}
