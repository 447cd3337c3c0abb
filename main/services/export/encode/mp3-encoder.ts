import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import type { Mp3Bitrate } from '../../../../common/export/export-options.js';
import type { AudioEncoder } from './audio-encoder.js';
import type { ByteSink } from './byte-sink.js';
import { FrameCounter, infoFrame, infoFrameBytes } from './mp3-info-frame.js';

// LAME takes a whole chunk at once, but its WebAssembly memory grows with the call; feed it in slices.
const MAX_FRAMES_PER_CALL = 65536;

/**
 * Constant-bit-rate MP3 through LAME compiled to WebAssembly (wasm-media-encoders). Samples are
 * clipped to −1…1 first: LAME would otherwise wrap loud overs into clicks. The stream starts with an Info frame
 * (mp3-info-frame.ts) stating LAME's delay and padding, so decoders play exactly the mix's length: into a sink
 * that can rewrite bytes it is reserved first and filled in at the end; into one that cannot (a zip entry), the
 * encoded frames are held until the end and written after it.
 */
export class Mp3Encoder implements AudioEncoder {
  private readonly clipped: Float32Array[];
  private readonly counter = new FrameCounter();
  private inputSamples = 0;
  private streamBytes: number;
  /** Where the Info frame was reserved (rewritable sinks), or the frames held back (the others). */
  private readonly held: Uint8Array[] | undefined;
  private readonly infoAt: number;

  private constructor(
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
    private readonly file: ByteSink,
    private readonly channels: 1 | 2,
    infoBytes: number,
    placement: { rewritable: true; offset: number } | { rewritable: false },
  ) {
    this.clipped = Array.from({ length: channels }, () => new Float32Array(MAX_FRAMES_PER_CALL));
    this.streamBytes = infoBytes;
    if (placement.rewritable) {
      this.infoAt = placement.offset;
      this.held = undefined;
      file.write(new Uint8Array(infoBytes));
    } else {
      this.infoAt = 0;
      this.held = [];
    }
  }

  /**
   * `startOffset`: where this stream starts in a rewritable sink (after an ID3 tag), or undefined for a sink that
   * cannot rewrite bytes.
   */
  static async create(
    file: ByteSink,
    sampleRate: number,
    channels: 1 | 2,
    bitrateKbps: Mp3Bitrate,
    startOffset: number | undefined,
  ): Promise<Mp3Encoder> {
    const encoder = await createMp3Encoder();
    encoder.configure({ sampleRate, channels, bitrate: bitrateKbps });
    return new Mp3Encoder(
      encoder,
      file,
      channels,
      infoFrameBytes(sampleRate, bitrateKbps),
      startOffset === undefined ? { rewritable: false } : { rewritable: true, offset: startOffset },
    );
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
      // The returned bytes live in the encoder's memory and are overwritten by the next call: use them now.
      this.emit(this.encoder.encode(slices.slice(0, this.channels)));
    }
  }

  finish(): void {
    this.emit(this.encoder.finalize());
    const first = this.counter.first;
    if (!first) throw new Error('MP3 output: the encoder wrote no audio frames');
    const info = infoFrame(first, this.counter.frames, this.streamBytes, this.inputSamples);
    if (this.held === undefined) {
      this.file.writeAt(info, this.infoAt);
      return;
    }
    this.file.write(info);
    for (const bytes of this.held) this.file.write(bytes);
  }

  private emit(encoded: Uint8Array): void {
    if (encoded.length === 0) return;
    this.counter.add(encoded);
    this.streamBytes += encoded.length;
    if (this.held) this.held.push(encoded.slice());
    else this.file.write(encoded);
  }
}
