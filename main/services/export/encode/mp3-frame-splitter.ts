import { readFrameHeader } from './mp3-info-frame.js';

/**
 * Cuts an MPEG audio stream fed in arbitrary chunks into whole frames, walking from header to header. Each frame
 * is handed over as its own copy (about 400 bytes at 128 kbps), so the caller may keep and even patch it.
 */
export class Mp3FrameSplitter {
  private partial: Uint8Array | undefined;
  private filled = 0;
  private readonly header = new Uint8Array(4);
  private headerFill = 0;

  constructor(private readonly onFrame: (frame: Uint8Array) => void) {}

  push(chunk: Uint8Array): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.partial) {
        const step = Math.min(this.partial.length - this.filled, chunk.length - offset);
        this.partial.set(chunk.subarray(offset, offset + step), this.filled);
        this.filled += step;
        offset += step;
        if (this.filled === this.partial.length) {
          const frame = this.partial;
          this.partial = undefined;
          this.onFrame(frame);
        }
        continue;
      }
      this.header[this.headerFill] = chunk[offset]!;
      this.headerFill += 1;
      offset += 1;
      if (this.headerFill < 4) continue;
      const header = readFrameHeader(this.header);
      if (!header) throw new Error('MP3 output: the encoder wrote something that is not an MPEG audio frame');
      this.partial = new Uint8Array(header.bytes);
      this.partial.set(this.header);
      this.filled = 4;
      this.headerFill = 0;
    }
  }

  /** Whether the stream so far ended on a frame boundary. */
  get atBoundary(): boolean {
    return this.partial === undefined && this.headerFill === 0;
  }
}
