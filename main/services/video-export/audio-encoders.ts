let registered = false;

/**
 * Node has no WebCodecs, so mediabunny encodes nothing by itself there: AAC comes from @mediabunny/aac-encoder
 * (ffmpeg's native AAC encoder in WebAssembly, in a worker thread of its own). Registered once per process, and
 * loaded only then: with mediabunny it takes ~150 ms, which the app's start-up need not pay.
 */
export async function registerAudioEncoders(): Promise<void> {
  if (registered) return;
  const { registerAacEncoder } = await import('@mediabunny/aac-encoder');
  registerAacEncoder();
  registered = true;
}
