import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import type { Mp3Bitrate } from '../../../../common/export/export-options.js';
import type { AudioEncoder } from './audio-encoder.js';
import type { ByteSink } from './byte-sink.js';

// LAME takes a whole chunk at once, but its WebAssembly memory grows with the call; feed it in slices.
const MAX_FRAMES_PER_CALL = 65536;

/**
 * Constant-bit-rate MP3 through LAME compiled to WebAssembly (wasm-media-encoders). Samples are
 * clipped to −1…1 first: LAME would otherwise wrap loud overs into clicks.
 */
export class Mp3Encoder implements AudioEncoder {
  private readonly clipped: Float32Array[];

  private constructor(
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
    private readonly file: ByteSink,
    private readonly channels: 1 | 2,
  ) {
    this.clipped = Array.from({ length: channels }, () => new Float32Array(MAX_FRAMES_PER_CALL));
  }

  static async create(
    file: ByteSink,
    sampleRate: number,
    channels: 1 | 2,
    bitrateKbps: Mp3Bitrate,
  ): Promise<Mp3Encoder> {
    const encoder = await createMp3Encoder();
    encoder.configure({ sampleRate, channels, bitrate: bitrateKbps });
    return new Mp3Encoder(encoder, file, channels);
  }

  write(planar: readonly Float32Array[], frames: number): void {
    for (let offset = 0; offset < frames; offset += MAX_FRAMES_PER_CALL) {
      const count = Math.min(MAX_FRAMES_PER_CALL, frames - offset);
      const slices = this.clipped.map((target, channel) => {
        const source = planar[channel]!;
        const view = target.subarray(0, count);
        for (let index = 0; index < count; index += 1) {
          const value = source[offset + index]!;
          view[index] = value > 1 ? 1 : value < -1 ? -1 : value;
        }
        return view;
      });
      const encoded = this.encoder.encode(slices.slice(0, this.channels));
      // The returned bytes live in the encoder's memory and are overwritten by the next call: write them now.
      if (encoded.length > 0) this.file.write(encoded);
    }
  }

  finish(): void {
    const tail = this.encoder.finalize();
    if (tail.length > 0) this.file.write(tail);
  }
}
