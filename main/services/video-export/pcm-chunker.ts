/**
 * Cuts decoded audio, arriving in pieces of any length, into planar float32 blocks of exactly the length asked
 * for; past the end of the audio a block is made up with silence.
 */
export class PcmChunker {
  private pieces: Float32Array[][] = [];
  private offset = 0;
  private frames = 0;

  constructor(
    private readonly channels: number,
    readonly sampleRate: number,
  ) {}

  get buffered(): number {
    return this.frames;
  }

  append(channelData: readonly Float32Array[], frames: number): void {
    if (channelData.length !== this.channels)
      throw new Error(`The mix changed from ${this.channels} to ${channelData.length} channels`);
    this.pieces.push(channelData.map((channel) => channel.subarray(0, frames)));
    this.frames += frames;
  }

  /** `frames` frames, planar (channel after channel), silence where the audio has run out. */
  take(frames: number): Float32Array {
    const out = new Float32Array(frames * this.channels);
    let filled = 0;
    while (filled < frames && this.pieces.length > 0) {
      const piece = this.pieces[0]!;
      const available = piece[0]!.length - this.offset;
      const count = Math.min(available, frames - filled);
      for (let channel = 0; channel < this.channels; channel += 1) {
        out.set(piece[channel]!.subarray(this.offset, this.offset + count), channel * frames + filled);
      }
      filled += count;
      this.offset += count;
      if (this.offset === piece[0]!.length) {
        this.pieces.shift();
        this.offset = 0;
      }
    }
    this.frames -= filled;
    return out;
  }
}
