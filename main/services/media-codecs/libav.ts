import type { LibAV, LibAVSync, LibAVWrapper } from '@libav.js/variant-fat';

/** One libav.js instance: ffmpeg's codecs in WebAssembly, with its own heap. */
export type LibavInstance = LibAV & LibAVSync;

/**
 * Creates an instance of ffmpeg's libraries in WebAssembly (libav.js, the "fat" variant: LGPL-2.1), for the codecs
 * Node lacks: the AAC decoder (a reference video's original sound) and libopus (WebM soundtracks).
 *
 * The package is a script that sets a global `LibAV` when it is loaded, so it is imported for that effect and
 * read from there, on first use: imported with the module, it took ~25 ms of every start of the app. Each caller
 * gets its own instance (its own WebAssembly heap), so a decoder and an encoder running at once never share state;
 * `noworker` runs it on the calling thread, which is a worker thread already when the export runs in one. Nothing
 * is shared between instances but the compiled module.
 */
export async function createLibav(): Promise<LibavInstance> {
  return (await loadedLibav()).LibAV({ noworker: true, nothreads: true });
}

/** libav.js's version (its FFmpeg's and its build's): a cache of encoded audio is keyed by it. */
export async function libavVersion(): Promise<string> {
  return (await loadedLibav()).VER;
}

async function loadedLibav(): Promise<LibAVWrapper & { VER: string }> {
  await import('@libav.js/variant-fat');
  return (globalThis as unknown as { LibAV: LibAVWrapper & { VER: string } }).LibAV;
}
