import type { WasmMediaEncoder } from 'wasm-media-encoders';
import type { Mp3Bitrate } from '../../../../common/export/export-options.js';

// LAME takes a whole chunk at once, but its WebAssembly memory grows with the call; feed it in slices.
const MAX_FRAMES_PER_CALL = 65536;

/**
 * Planar float PCM in, constant-bit-rate MPEG audio bytes out, through LAME compiled to WebAssembly
 * (wasm-media-encoders). Samples are clipped to −1…1 first: LAME would otherwise wrap loud overs into clicks.
 * The bytes handed to `onBytes` live in the encoder's memory and are overwritten by its next call: use or copy
 * them at once.
 */
export class LameStream {
  private readonly clipped: Float32Array[];
  /** Samples per channel taken in so far. */
  inputSamples = 0;

  private constructor(
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
    private readonly channels: 1 | 2,
    private readonly onBytes: (bytes: Uint8Array) => void,
  ) {
    this.clipped = Array.from({ length: channels }, () => new Float32Array(MAX_FRAMES_PER_CALL));
  }

  static async create(
    sampleRate: number,
    channels: 1 | 2,
    bitrateKbps: Mp3Bitrate,
    onBytes: (bytes: Uint8Array) => void,
  ): Promise<LameStream> {
    const { createMp3Encoder } = await import('wasm-media-encoders');
    const encoder = await createMp3Encoder();
    encoder.configure({ sampleRate, channels, bitrate: bitrateKbps });
    return new LameStream(encoder, channels, onBytes);
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
      this.inputSamples += count;
      this.emit(this.encoder.encode(slices.slice(0, this.channels)));
    }
  }

  /** Flushes LAME's last frames (the tail of the input, padded to a whole frame). */
  finish(): void {
    this.emit(this.encoder.finalize());
  }

  private emit(bytes: Uint8Array): void {
    if (bytes.length > 0) this.onBytes(bytes);
  }
}
