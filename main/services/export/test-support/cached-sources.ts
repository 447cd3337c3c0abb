import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CachedSource } from '../decode/pcm-cache.js';

/** Writes interleaved float frames as a PCM cache entry (for mixer tests that need no decoding). */
export async function fakeCachedSource(
  folder: string,
  key: string,
  sampleRate: number,
  channels: 1 | 2,
  interleaved: Float32Array,
): Promise<CachedSource> {
  const pcmPath = path.join(folder, `${key}.f32`);
  await writeFile(
    pcmPath,
    new Uint8Array(interleaved.buffer, interleaved.byteOffset, interleaved.byteLength),
  );
  return {
    version: 2,
    sourceKey: key,
    sampleRate,
    channels,
    frames: interleaved.length / channels,
    sourceSampleRate: sampleRate,
    sourceFormat: 'wav',
    silences: [],
    pcmPath,
  };
}
