import type { AudioEncoder } from './audio-encoder.js';
import type { ByteSink } from './byte-sink.js';

import { MAX_WAV_DATA_BYTES, packPcm, wavHeader } from '../../../../common/audio/pcm-wav.js';

/** What a 32-bit RIFF size field holds when the length does not fit: "unknown", as ffmpeg writes a stream. */
export const UNKNOWN_WAV_SIZE = 0xffffffff;

/**
 * 'riff': refused past 4 GiB (a WAV a user gets must be readable everywhere). 'staging': the app's own file,
 * read back by the app alone (an M4B's or a video soundtrack's mix, ../../video-export/wav-pcm-reader.ts), whose
 * sizes read UNKNOWN_WAV_SIZE past 4 GiB, the reader taking the length from the file's size.
 */
export type WavSizeRule = 'riff' | 'staging';

/**
 * Streaming WAV writer: the header goes first with placeholder sizes, samples follow as they come,
 * and finish() patches the sizes. When the length is known in advance (one clip of a zip, where bytes
 * cannot be rewritten once checksummed) the header is written final and finish() only checks it. The header and
 * the sample packing are common/audio/pcm-wav.ts, shared with the recorder's WAV files.
 */
export class WavEncoder implements AudioEncoder {
  private dataBytes = 0;
  private scratch = new Uint8Array(0);

  constructor(
    private readonly file: ByteSink,
    private readonly sampleRate: number,
    private readonly channels: number,
    private readonly bitDepth: 16 | 24,
    private readonly knownFrames?: number,
    private readonly sizeRule: WavSizeRule = 'riff',
  ) {
    file.write(this.header(knownFrames === undefined ? 0 : knownFrames * channels * (bitDepth / 8)));
  }

  write(planar: readonly Float32Array[], frames: number): void {
    const size = this.reserve(frames);
    if (this.scratch.length < size) this.scratch = new Uint8Array(size);
    const bytes = this.scratch.subarray(0, size);
    packPcm(planar, frames, this.channels, this.bitDepth, bytes);
    this.file.write(bytes);
  }

  /**
   * Counts `frames` that another thread wrote into the file right after this encoder's samples (the second half of
   * a mix rendered in two; split-encode/split-wav.ts): the header then covers them too.
   */
  addWrittenElsewhere(frames: number): number {
    return this.reserve(frames);
  }

  /** Checks that `frames` more still fit a WAV file and counts their bytes. */
  private reserve(frames: number): number {
    const size = frames * this.channels * (this.bitDepth / 8);
    if (this.sizeRule === 'riff' && this.dataBytes + size > MAX_WAV_DATA_BYTES) {
      throw new Error(
        'WAV output: longer than the 4 GiB a WAV file can hold; export MP3 or use a lower rate',
      );
    }
    this.dataBytes += size;
    return size;
  }

  finish(): void {
    if (this.dataBytes % 2 === 1) this.file.write(new Uint8Array(1));
    if (this.knownFrames === undefined) {
      this.file.writeAt(this.header(this.dataBytes), 0);
      return;
    }
    const expected = this.knownFrames * this.channels * (this.bitDepth / 8);
    if (expected !== this.dataBytes)
      throw new Error(`WAV output: ${this.dataBytes} data bytes written, ${expected} announced`);
  }

  private header(dataBytes: number): Uint8Array {
    const format = { sampleRate: this.sampleRate, channels: this.channels, bitDepth: this.bitDepth };
    if (dataBytes <= MAX_WAV_DATA_BYTES) return wavHeader(format, dataBytes);
    const header = wavHeader(format, 0);
    const view = new DataView(header.buffer);
    view.setUint32(4, UNKNOWN_WAV_SIZE, true);
    view.setUint32(header.length - 4, UNKNOWN_WAV_SIZE, true);
    return header;
  }
}
