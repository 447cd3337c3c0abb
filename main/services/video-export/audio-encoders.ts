let registering: Promise<void> | undefined;

/**
 * Node has no WebCodecs, so mediabunny encodes nothing by itself there: AAC comes from @mediabunny/aac-encoder
 * (ffmpeg's native AAC encoder in WebAssembly, in a worker thread of its own). Registered once per process, and
 * loaded only then: with mediabunny it takes ~150 ms, which the app's start-up need not pay.
 */
export function registerAudioEncoders(): Promise<void> {
  // One promise, so two exports starting at once register the encoder once; a failed load is retried next time.
  registering ??= import('@mediabunny/aac-encoder').then(
    ({ registerAacEncoder }) => registerAacEncoder(),
    (error: unknown) => {
      registering = undefined;
      throw error;
    },
  );
  return registering;
}
