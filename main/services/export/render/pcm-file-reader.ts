import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Random access to the interleaved float32 frames of a cached source. Keeps a bounded number of
 * files open (a long project has hundreds of sources, but only a few play at any moment).
 */
export class PcmFileReaders {
  private readonly open = new Map<string, number>();

  constructor(private readonly maxOpen = 64) {}

  /**
   * Reads frames [frame, frame + count) of a file with `channels` interleaved channels into `target`
   * (interleaved too). Frames past the end of the file read as silence.
   */
  read(pcmPath: string, channels: number, frame: number, count: number, target: Float32Array): void {
    const wanted = count * channels;
    const bytes = new Uint8Array(target.buffer, target.byteOffset, wanted * 4);
    let done = 0;
    const descriptor = this.descriptor(pcmPath);
    while (done < bytes.length) {
      const read = readSync(descriptor, bytes, done, bytes.length - done, frame * channels * 4 + done);
      if (read === 0) break;
      done += read;
    }
    if (done < bytes.length) target.fill(0, Math.floor(done / 4), wanted);
  }

  private descriptor(pcmPath: string): number {
    const existing = this.open.get(pcmPath);
    if (existing !== undefined) {
      // Most recently used goes last, so the first entry is the one to close.
      this.open.delete(pcmPath);
      this.open.set(pcmPath, existing);
      return existing;
    }
    if (this.open.size >= this.maxOpen) {
      const [oldestPath, oldest] = this.open.entries().next().value as [string, number];
      closeSync(oldest);
      this.open.delete(oldestPath);
    }
    const descriptor = openSync(pcmPath, 'r');
    this.open.set(pcmPath, descriptor);
    return descriptor;
  }

  closeAll(): void {
    for (const descriptor of this.open.values()) closeSync(descriptor);
    this.open.clear();
  }
}
