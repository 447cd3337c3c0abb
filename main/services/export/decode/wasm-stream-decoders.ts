import type { MPEGDecoder } from 'mpg123-decoder';
import type { DecodedAudio, StreamingDecoder } from './decoded-audio.js';
import { mp3ChannelCount } from './mp3-channel-mode.js';
import { resetMpegHandle } from './mpeg-handle-reset.js';

interface WasmDecodeResult {
  readonly channelData: Float32Array[];
  readonly samplesDecoded: number;
  readonly sampleRate: number;
  readonly bitDepth?: number;
  readonly errors: readonly { message: string }[];
}

/** The shared shape of the three WebAssembly decoders (their own typings differ on sync vs async). */
interface WasmDecoder {
  readonly ready: Promise<void>;
  decode(bytes: Uint8Array): WasmDecodeResult | Promise<WasmDecodeResult>;
  flush?: () => Promise<WasmDecodeResult>;
  reset(): Promise<void>;
  free(): void;
}

/** Decoded audio left for the collector after which a decoder is reset fully (see WasmStreamDecoder.reset). */
const FULL_RESET_AFTER_BYTES = 16 * 1024 * 1024;

/**
 * Wraps a WebAssembly decoder (mpg123 for MP3, libopus for Ogg Opus, libFLAC) as a StreamingDecoder.
 * Decoder errors on single frames (a corrupt frame in the middle of a file) are collected and reported
 * once when they exceed a small share of the file, rather than failing on the first bad frame.
 */
class WasmStreamDecoder implements StreamingDecoder {
  /**
   * The library's decoder, made once its package is loaded. Each package is imported when a file of its format
   * is first decoded, not when the export's worker starts: every worker (the export's, its decode and segment
   * helpers) would otherwise compile all three (with their WebAssembly inlined as text) before its first job.
   */
  private readonly loading: Promise<WasmDecoder>;
  private errors: string[] = [];
  private decodedAny = false;
  private channelLimit: number | undefined;
  /** What the decoder's results have left to collect since its last full reset (see reset()). */
  private garbageBytes = 0;

  constructor(
    load: () => Promise<WasmDecoder>,
    private readonly label: string,
    private readonly findChannelCount?: (firstBytes: Uint8Array) => number | undefined,
    private readonly rescaleIntegers = false,
    /** Readies the decoder for a new file more cheaply than its own reset(); false when it could not. */
    private readonly lightReset?: (decoder: WasmDecoder) => boolean,
  ) {
    this.loading = load().then(async (decoder) => {
      await decoder.ready;
      return decoder;
    });
    // Whoever uses the decoder awaits it and gets the failure; this keeps an unused one from being unhandled.
    this.loading.catch(() => {});
  }

  async push(bytes: Uint8Array): Promise<DecodedAudio | undefined> {
    const decoder = await this.loading;
    if (this.channelLimit === undefined && this.findChannelCount)
      this.channelLimit = this.findChannelCount(bytes);
    return this.accept(await decoder.decode(bytes));
  }

  async finish(): Promise<DecodedAudio | undefined> {
    const decoder = await this.loading;
    const tail = decoder.flush ? this.accept(await decoder.flush()) : undefined;
    if (!this.decodedAny) {
      const reason = this.errors[0] ? `: ${this.errors[0]}` : '';
      throw new Error(`${this.label}: no audio could be decoded${reason}`);
    }
    return tail;
  }

  async reset(): Promise<void> {
    const decoder = await this.loading;
    // A light reset keeps the decoder's WebAssembly instance, so no new instance sets off a full collection:
    // the decoded audio the library allocated (each read's slices, then their concatenation) would then pile up
    // until V8 collects it on its own terms, and the export's peak grew from ~182 to ~210 MB. A full reset after
    // every FULL_RESET_AFTER_BYTES of it bounds that: ~170 MB at 16 MB (with the export's own thread decoding as
    // a lane), ~190 MB at 32 MB, for ~0.3 s more decoding in the 600-source benchmark.
    const light = this.garbageBytes < FULL_RESET_AFTER_BYTES && this.lightReset?.(decoder) === true;
    if (!light) {
      await decoder.reset();
      this.garbageBytes = 0;
    }
    this.errors = [];
    this.decodedAny = false;
    this.channelLimit = undefined;
  }

  dispose(): void {
    this.loading.then(
      (decoder) => decoder.free(),
      () => {},
    );
  }

  private accept(result: WasmDecodeResult): DecodedAudio | undefined {
    for (const error of result.errors) this.errors.push(error.message);
    this.garbageBytes +=
      result.samplesDecoded * result.channelData.length * Float32Array.BYTES_PER_ELEMENT * 2;
    if (result.samplesDecoded === 0) return undefined;
    this.decodedAny = true;
    const channelData = this.channelLimit
      ? result.channelData.slice(0, this.channelLimit)
      : result.channelData;
    if (this.rescaleIntegers && result.bitDepth) {
      rescaleToFullScale(channelData, result.samplesDecoded, result.bitDepth);
    }
    return { channelData, samplesDecoded: result.samplesDecoded, sampleRate: result.sampleRate };
  }
}

export function createMp3Decoder(): StreamingDecoder {
  return new WasmStreamDecoder(
    async () => {
      const { MPEGDecoder } = await import('mpg123-decoder');
      // Gapless decoding reads the LAME header and trims the encoder delay and padding, as ffmpeg does.
      return new MPEGDecoder({ enableGapless: true });
    },
    'MP3',
    mp3ChannelCount,
    false,
    (decoder) => resetMpegHandle(decoder as MPEGDecoder),
  );
}

export function createOggOpusDecoder(): StreamingDecoder {
  return new WasmStreamDecoder(async () => {
    const { OggOpusDecoder } = await import('ogg-opus-decoder');
    return new OggOpusDecoder() as unknown as WasmDecoder;
  }, 'Ogg Opus');
}

export function createFlacDecoder(): StreamingDecoder {
  return new WasmStreamDecoder(
    async () => {
      const { FLACDecoder } = await import('@wasm-audio-decoders/flac');
      return new FLACDecoder();
    },
    'FLAC',
    undefined,
    true,
  );
}

/**
 * The FLAC decoder divides integer samples by 2^(bits−1) − 1; ffmpeg and our WAV reader divide by
 * 2^(bits−1). Rescaling makes a FLAC and a WAV of the same audio decode to the same numbers.
 */
function rescaleToFullScale(channels: readonly Float32Array[], frames: number, bitDepth: number): void {
  const full = 2 ** (bitDepth - 1);
  const factor = (full - 1) / full;
  for (const channel of channels) {
    for (let index = 0; index < frames; index += 1) channel[index] = channel[index]! * factor;
  }
}
