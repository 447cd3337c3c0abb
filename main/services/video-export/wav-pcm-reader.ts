import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { UNKNOWN_WAV_SIZE } from '../export/encode/wav-encoder.js';

const HEADER_BYTES = 64 * 1024;
const READ_FRAMES = 16_384;

/** Where a 16-bit PCM WAV's samples are, from its chunks. */
export interface WavLayout {
  readonly channels: number;
  readonly sampleRate: number;
  readonly dataOffset: number;
  readonly frames: number;
}

/**
 * Reads the mix the export engine rendered (the app's own 16-bit PCM WAV) from any frame on, as planar float32:
 * the two halves of a long soundtrack are encoded at once, each reading its own part of the file.
 */
export class WavPcmReader {
  private constructor(
    private readonly handle: FileHandle,
    readonly layout: WavLayout,
  ) {}

  static async open(wavPath: string): Promise<WavPcmReader> {
    const handle = await open(wavPath, 'r');
    try {
      const header = new Uint8Array(HEADER_BYTES);
      const { bytesRead } = await handle.read(header, 0, header.length, 0);
      const { size } = await handle.stat();
      return new WavPcmReader(handle, parseLayout(header.subarray(0, bytesRead), size, wavPath));
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Frames [from, to) in pieces of at most 16,384 frames, interleaved float32; past the end, nothing. */
  async *frames(from: number, to: number): AsyncGenerator<Float32Array> {
    const { channels, dataOffset } = this.layout;
    const end = Math.min(to, this.layout.frames);
    const bytes = new Uint8Array(READ_FRAMES * channels * 2);
    const samples = new Int16Array(bytes.buffer);
    for (let frame = from; frame < end; frame += READ_FRAMES) {
      const count = Math.min(READ_FRAMES, end - frame);
      const { bytesRead } = await this.handle.read(
        bytes,
        0,
        count * channels * 2,
        dataOffset + frame * channels * 2,
      );
      const got = Math.floor(bytesRead / (channels * 2)) * channels;
      if (got === 0) return;
      // WAV is little-endian, as is every machine the app runs on (x64, arm64).
      const out = new Float32Array(got);
      for (let index = 0; index < got; index += 1) out[index] = samples[index]! / 32_768;
      yield out;
    }
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

function parseLayout(header: Uint8Array, fileBytes: number, wavPath: string): WavLayout {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const tag = (offset: number): string => String.fromCharCode(...header.subarray(offset, offset + 4));
  if (header.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE')
    throw new Error(`${wavPath}: not a WAV file`);
  let channels = 0;
  let sampleRate = 0;
  for (let offset = 12; offset + 8 <= header.length;) {
    const size = view.getUint32(offset + 4, true);
    if (tag(offset) === 'fmt ') {
      channels = view.getUint16(offset + 10, true);
      sampleRate = view.getUint32(offset + 12, true);
      if (view.getUint16(offset + 22, true) !== 16) throw new Error(`${wavPath}: the mix must be 16-bit PCM`);
    } else if (tag(offset) === 'data') {
      if (channels === 0) break;
      // A staged mix past 4 GiB has no size that fits (encode/wav-encoder.ts 'staging'): it runs to the file's end.
      const dataBytes = size === UNKNOWN_WAV_SIZE ? fileBytes - offset - 8 : size;
      return { channels, sampleRate, dataOffset: offset + 8, frames: Math.floor(dataBytes / (channels * 2)) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${wavPath}: no format or data chunk in its first 64 KiB`);
}
