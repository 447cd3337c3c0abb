import { promises as fs } from 'node:fs';
import os from 'node:os';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import { decodeInParallel } from './decode/parallel-decode.js';
import type { CachedSource, PcmCache } from './decode/pcm-cache.js';
import { ExportCancelledError, MissingSourcesError } from './export-errors.js';
import { addStretchedSources } from './stretch/stretched-source.js';

export interface PreparedSources {
  readonly sources: Map<string, CachedSource>;
  readonly decoded: number;
  readonly cached: number;
}

/**
 * Makes sure every source a clip of `plan` uses is decoded at the plan's rate in the PCM cache (and, for a clip
 * that plays its source stretched, the stretched copy too).
 * Missing files are reported all at once (MissingSourcesError lists their keys) before any decoding,
 * so the caller can offer to generate them. Progress runs over the bytes of the files still to decode.
 */
export interface DecodeThreading {
  /** Helper workers decoding at once; 1 decodes in this thread. */
  readonly threads: number;
  readonly workerEntry: URL;
}

/** Threads to decode with when the request does not say: every core, up to 4. */
export function defaultDecodeThreads(): number {
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

/** Threads to render the mix with when the request does not say: two (the halves of the timeline) on 2+ cores. */
export function defaultRenderThreads(): number {
  return Math.min(2, os.availableParallelism());
}

const MIN_SOURCES_FOR_HELPERS = 8;
const MIN_BYTES_FOR_HELPERS = 1024 * 1024;

export async function prepareSources(
  plan: Pick<RenderPlan, 'clips' | 'sampleRate'>,
  files: Readonly<Record<string, string>>,
  cache: PcmCache,
  onFraction: (fraction: number) => void,
  isCancelled: () => boolean,
  threading?: DecodeThreading,
): Promise<PreparedSources> {
  const keys = [...new Set(plan.clips.map((clip) => clip.sourceKey))];
  const sources = new Map<string, CachedSource>();
  const pending: { key: string; path: string; bytes: number }[] = [];
  const missing: string[] = [];
  for (const key of keys) {
    const hit = await cache.lookup(key, plan.sampleRate);
    if (hit) {
      sources.set(key, hit);
      continue;
    }
    const path = files[key];
    const stat = path ? await fs.stat(path).catch(() => undefined) : undefined;
    if (!path || !stat?.isFile()) missing.push(key);
    else pending.push({ key, path, bytes: stat.size });
  }
  if (missing.length > 0) throw new MissingSourcesError(missing);
  const totalBytes = pending.reduce((sum, entry) => sum + entry.bytes, 0) || 1;
  let doneBytes = 0;
  onFraction(0);
  // Helpers cost a thread start and their own memory each: worth it only for a good amount of decoding.
  const worthHelpers = pending.length >= MIN_SOURCES_FOR_HELPERS && totalBytes >= MIN_BYTES_FOR_HELPERS;
  if (threading && threading.threads > 1 && worthHelpers) {
    try {
      await decodeInParallel(pending, {
        sampleRate: plan.sampleRate,
        pcmCacheDir: cache.directory,
        threads: threading.threads,
        local: cache,
        workerEntry: threading.workerEntry,
        onBytes: (bytes) => onFraction(bytes / totalBytes),
        isCancelled,
      });
    } finally {
      cache.close();
    }
    for (const entry of pending) {
      const decoded = await cache.lookup(entry.key, plan.sampleRate);
      if (!decoded) throw new Error(`source "${entry.key}": decoded by a helper but missing from the cache`);
      sources.set(entry.key, decoded);
    }
    await addStretchedSources(plan.clips, cache, sources, isCancelled);
    onFraction(1);
    return { sources, decoded: pending.length, cached: keys.length - pending.length };
  }
  try {
    for (const entry of pending) {
      if (isCancelled()) throw new ExportCancelledError();
      const decoded = await cache.ensure(
        entry.key,
        entry.path,
        plan.sampleRate,
        (bytesRead) => onFraction((doneBytes + bytesRead) / totalBytes),
        isCancelled,
      );
      doneBytes += entry.bytes;
      sources.set(entry.key, decoded);
    }
  } finally {
    cache.close();
  }
  await addStretchedSources(plan.clips, cache, sources, isCancelled);
  onFraction(1);
  return { sources, decoded: pending.length, cached: keys.length - pending.length };
}
