import { registerAacEncoder } from '@mediabunny/aac-encoder';

let registered = false;

/**
 * Node has no WebCodecs, so mediabunny encodes nothing by itself there: AAC comes from @mediabunny/aac-encoder
 * (ffmpeg's native AAC encoder in WebAssembly, in a worker thread of its own). Registered once per process.
 */
export function registerAudioEncoders(): void {
  if (registered) return;
  registerAacEncoder();
  registered = true;
}
