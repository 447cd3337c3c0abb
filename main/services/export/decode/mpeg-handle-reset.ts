import type { MPEGDecoder } from 'mpg123-decoder';

/**
 * The parts of mpg123-decoder 1.0's MPEGDecoder that a handle reset touches. They are not in its typings: the
 * reset is checked against them at run time and falls back to the library's own when any is missing.
 */
interface MpegDecoderInternals {
  _common?: {
    wasm?: {
      mpeg_frame_decoder_create?: unknown;
      mpeg_frame_decoder_destroy?: unknown;
    };
    allocateTypedArray?: unknown;
  };
  _decoder?: unknown;
  _inputBytes?: unknown;
  _outputSamples?: unknown;
  _frameNumber?: unknown;
  _sampleRate?: unknown;
}

interface HandleApi {
  create(slot: number, gapless: number): number;
  destroy(decoder: number): void;
  allocate(length: number, type: Uint32ArrayConstructor): { ptr: number; buf: Uint32Array };
}

/** Where each decoder's new handle pointer is written: one word of its WebAssembly heap, allocated once. */
const handleSlots = new WeakMap<MPEGDecoder, { ptr: number; buf: Uint32Array }>();

/**
 * Readies `decoder` for a new file by replacing only its mpg123 handle, inside the WebAssembly instance it
 * has. The library's reset() frees everything and instantiates its module again: in an export of hundreds of
 * blocks each of those new instances cost a full garbage collection (the decode phase of a 600-block export
 * spent ~1.4 s in the collector and ~0.4 s instantiating, per helper, of ~8 s; see the export README).
 * Answers false, having changed nothing, when the decoder is not the shape this was written against (another
 * version of mpg123-decoder): the caller then resets it the library's way. The handle is made as the library
 * makes it, gapless on, so a file decodes exactly as with a new decoder (decode/mpeg-handle-reset.test.ts).
 */
export function resetMpegHandle(decoder: MPEGDecoder): boolean {
  const api = handleApi(decoder);
  const internals = decoder as unknown as MpegDecoderInternals;
  if (api === undefined || typeof internals._decoder !== 'number') return false;
  let slot = handleSlots.get(decoder);
  if (slot === undefined) {
    slot = api.allocate(1, Uint32Array);
    handleSlots.set(decoder, slot);
  }
  // mpeg_frame_decoder_destroy frees the handle itself: the library's free() frees it once more, which goes
  // unnoticed only because it then drops the whole instance. Freed twice here, malloc's lists broke a few files
  // later ("memory access out of bounds").
  api.destroy(internals._decoder);
  const error = api.create(slot.ptr, 1);
  if (error !== 0) throw new Error(`MP3: mpg123 could not start a new stream (error ${error})`);
  internals._decoder = slot.buf[0];
  internals._inputBytes = 0;
  internals._outputSamples = 0;
  internals._frameNumber = 0;
  internals._sampleRate = 0;
  return true;
}

function handleApi(decoder: MPEGDecoder): HandleApi | undefined {
  const common = (decoder as unknown as MpegDecoderInternals)._common;
  const wasm = common?.wasm;
  if (
    common === undefined ||
    wasm === undefined ||
    typeof wasm.mpeg_frame_decoder_create !== 'function' ||
    typeof wasm.mpeg_frame_decoder_destroy !== 'function' ||
    typeof common.allocateTypedArray !== 'function'
  ) {
    return undefined;
  }
  // Called on their objects, as the library calls them.
  const exports = wasm as Record<
    'mpeg_frame_decoder_create' | 'mpeg_frame_decoder_destroy',
    (...numbers: number[]) => unknown
  >;
  const allocator = common as { allocateTypedArray: HandleApi['allocate'] };
  return {
    create: (slot, gapless) => exports.mpeg_frame_decoder_create.call(wasm, slot, gapless) as number,
    destroy: (handle) => void exports.mpeg_frame_decoder_destroy.call(wasm, handle),
    allocate: (length, type) => allocator.allocateTypedArray(length, type),
  };
}
