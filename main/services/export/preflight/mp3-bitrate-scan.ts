import { readFrameHeader } from '../encode/mp3-info-frame.js';

/** What an MP3's frames say of its bit rate. */
export interface Mp3BitrateFigures {
  /** Mean bit rate of the audio frames (the Xing/Info frame left out). */
  readonly meanKbps: number;
  /** Every audio frame at one rate, and no "Xing" (VBR) header: a constant-bit-rate file. */
  readonly constant: boolean;
  readonly frames: number;
}

const TAG_SEARCH_BYTES = 64;

/**
 * Walks an MP3's frame headers as its bytes stream past (any chunk size), from header to header, skipping an ID3v2
 * tag at the start; it stops at the first bytes that are not a frame (an ID3v1 or APE tag at the end). The first
 * frame is looked into for LAME's "Info" (CBR) or "Xing" (VBR) header, which carries no audio.
 */
export class Mp3BitrateScan {
  private carry = new Uint8Array(0);
  private position = 0;
  // Absolute offset of the next frame header; undefined until the ID3v2 tag (if any) is known.
  private nextFrame: number | undefined;
  private stopped = false;
  private readonly counts = new Map<number, number>();
  private xing = false;
  private firstFrameSeen = false;

  push(chunk: Uint8Array): void {
    if (this.stopped) return;
    const bytes = this.carry.length === 0 ? chunk : concat(this.carry, chunk);
    const base = this.position - this.carry.length;
    this.position += chunk.length;
    let offset = this.locateFirstFrame(bytes, base);
    if (offset === undefined) {
      // Either too few bytes to read the ID3v2 header yet (keep them), or still inside the tag (drop them).
      this.carry = this.nextFrame === undefined ? bytes.slice() : new Uint8Array(0);
      return;
    }
    while (offset + 4 <= bytes.length) {
      const header = readFrameHeader(bytes, offset);
      if (!header) {
        this.stopped = true;
        return;
      }
      if (!this.firstFrameSeen) {
        if (offset + Math.min(header.bytes, TAG_SEARCH_BYTES) > bytes.length) break;
        this.firstFrameSeen = true;
        const tag = latin1(bytes.subarray(offset + 4, offset + Math.min(header.bytes, TAG_SEARCH_BYTES)));
        if (tag.includes('Xing')) this.xing = true;
        if (tag.includes('Xing') || tag.includes('Info')) {
          offset += header.bytes;
          continue;
        }
      }
      this.counts.set(header.bitrateKbps, (this.counts.get(header.bitrateKbps) ?? 0) + 1);
      offset += header.bytes;
    }
    this.nextFrame = base + offset;
    this.carry = offset < bytes.length ? bytes.slice(offset) : new Uint8Array(0);
  }

  finish(): Mp3BitrateFigures {
    let frames = 0;
    let kilobits = 0;
    for (const [rate, count] of this.counts) {
      frames += count;
      kilobits += rate * count;
    }
    return {
      meanKbps: frames === 0 ? 0 : kilobits / frames,
      constant: !this.xing && this.counts.size === 1,
      frames,
    };
  }

  /** Where, in `bytes` (which start at absolute offset `base`), the next frame header stands; undefined: need more. */
  private locateFirstFrame(bytes: Uint8Array, base: number): number | undefined {
    if (this.nextFrame === undefined) {
      if (bytes.length < 10) return undefined;
      const id3 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33;
      // ID3v2: a 10-byte header, a syncsafe size, and 10 more bytes when the footer flag is set.
      const size = id3
        ? 10 +
          ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!) +
          (bytes[5]! & 0x10 ? 10 : 0)
        : 0;
      this.nextFrame = size;
    }
    const offset = this.nextFrame - base;
    return offset < bytes.length ? offset : undefined;
  }
}

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}

function latin1(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}
