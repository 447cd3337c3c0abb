import { promises as fs } from 'node:fs';
import path from 'node:path';
import { renderedSourceKey, type RenderClip } from '../../../../common/export/render-plan.js';
import { ExportCancelledError } from '../export-errors.js';
import type { CachedSource, PcmCache } from '../decode/pcm-cache.js';
import { writingToAsync } from '../output/writing-to.js';
import { StreamingStretcher } from './streaming-stretcher.js';

/** Frames read from the decoded source at a time: ~0.2 s at 44.1 kHz, so memory is a few small buffers. */
const READ_FRAMES = 8192;

/**
 * The decoded `source` sped up by `factor` keeping its pitch, kept in the PCM cache under `stretchedKey` (so a
 * second export, or a preview, finds it made). Read and written in pieces. Its silences (for the subtitles) are
 * the source's, moved with the audio; its length is exactly round(frames / factor).
 */
async function ensureStretchedSource(
  cache: PcmCache,
  source: CachedSource,
  stretchedKey: string,
  factor: number,
  isCancelled: () => boolean = () => false,
): Promise<CachedSource> {
  return cache.ensureDerived(stretchedKey, source.sampleRate, async (tempPcmPath) => {
    const stretcher = await StreamingStretcher.create(
      source.sampleRate,
      source.channels,
      factor,
      source.frames,
    );
    await stretchFile(source, tempPcmPath, stretcher, isCancelled);
    return {
      channels: source.channels,
      frames: stretcher.targetFrames,
      sourceSampleRate: source.sourceSampleRate,
      sourceFormat: source.sourceFormat,
      silences: source.silences.map((span) => ({
        startMs: span.startMs / factor,
        endMs: span.endMs / factor,
      })),
    };
  });
}

async function stretchFile(
  source: CachedSource,
  outPath: string,
  stretcher: StreamingStretcher,
  isCancelled: () => boolean,
): Promise<void> {
  const directory = path.dirname(outPath);
  const input = await fs.open(source.pcmPath, 'r');
  // The take is open already: a copy that cannot be created (no room, no right) must not leave it held open.
  const output = await writingToAsync(directory, () => fs.open(outPath, 'w')).catch(
    async (error: unknown) => {
      await input.close();
      throw error;
    },
  );
  const write = async (samples: Float32Array): Promise<void> => {
    if (samples.length === 0) return;
    await writingToAsync(directory, () =>
      output.write(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)),
    );
  };
  try {
    const buffer = new Float32Array(READ_FRAMES * source.channels);
    const bytes = new Uint8Array(buffer.buffer);
    const frameBytes = source.channels * 4;
    for (let frame = 0; frame < source.frames; frame += READ_FRAMES) {
      if (isCancelled()) throw new ExportCancelledError();
      const count = Math.min(READ_FRAMES, source.frames - frame);
      const { bytesRead } = await input.read(bytes, 0, count * frameBytes, frame * frameBytes);
      // A cache entry is checked for its full size when it is looked up; a shorter read is silence, not garbage.
      if (bytesRead < count * frameBytes) buffer.fill(0, Math.floor(bytesRead / 4), count * source.channels);
      await write(stretcher.push(buffer, count));
    }
    await write(stretcher.finish());
  } finally {
    await input.close();
    await output.close();
  }
}

/**
 * Adds to `sources` the stretched audio of every clip of `clips` that plays its source sped up (a timed line
 * fitted to its slot), under the clip's renderedSourceKey; `sources` already holds the decoded originals.
 */
export async function addStretchedSources(
  clips: readonly RenderClip[],
  cache: PcmCache,
  sources: Map<string, CachedSource>,
  isCancelled: () => boolean,
): Promise<number> {
  let made = 0;
  for (const clip of clips) {
    if (clip.stretch === undefined || clip.stretch <= 1) continue;
    const key = renderedSourceKey(clip);
    if (sources.has(key)) continue;
    const original = sources.get(clip.sourceKey);
    if (!original) throw new Error(`clip "${clip.id}": source "${clip.sourceKey}" has not been decoded`);
    sources.set(key, await ensureStretchedSource(cache, original, key, clip.stretch, isCancelled));
    made += 1;
  }
  return made;
}
