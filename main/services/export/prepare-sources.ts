import { promises as fs } from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import { decodeInParallel } from './decode/parallel-decode.js';
import { decodeVideoSound, VideoSoundUnavailableError } from './decode/video-sound-decoder.js';
import { SampleRateChangeError, type CachedSource, type PcmCache } from './decode/pcm-cache.js';
import { ExportCancelledError, MissingSourcesError } from './export-errors.js';
import type { HelperSource } from './helper-workers.js';
import { addStretchedSources } from './stretch/stretched-source.js';

export interface PreparedSources {
  readonly sources: Map<string, CachedSource>;
  readonly decoded: number;
  readonly cached: number;
  /**
   * Video sounds that could not be decoded (no sound track, a codec not built in), by source key, with the
   * sentence that says so: the export goes on without their clips and reports the sentence.
   */
  readonly unavailable: ReadonlyMap<string, string>;
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
  /** The worker script, or the export's kept helpers (a decode helper goes on to render). */
  readonly workerEntry: HelperSource;
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
  const videoKeys = new Set(plan.clips.filter((clip) => clip.videoSound).map((clip) => clip.sourceKey));
  const sources = new Map<string, CachedSource>();
  const unavailable = new Map<string, string>();
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
  const cached = keys.length - pending.length;
  const totalBytes = pending.reduce((sum, entry) => sum + entry.bytes, 0) || 1;
  let doneBytes = 0;
  onFraction(0);
  // A video's sound first, in this thread: the decode helpers read audio files only.
  for (const entry of pending.filter(({ key }) => videoKeys.has(key))) {
    const report = (bytesRead: number): void => onFraction((doneBytes + bytesRead) / totalBytes);
    const decoded = await decodeVideoSoundInto(cache, entry, plan.sampleRate, report, isCancelled);
    doneBytes += entry.bytes;
    if (typeof decoded === 'string') unavailable.set(entry.key, decoded);
    else sources.set(entry.key, decoded);
  }
  pending.splice(0, pending.length, ...pending.filter(({ key }) => !videoKeys.has(key)));
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
    return { sources, decoded: keys.length - cached - unavailable.size, cached, unavailable };
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
  return { sources, decoded: keys.length - cached - unavailable.size, cached, unavailable };
}

/** A video's sound decoded into the cache, or the sentence saying why it cannot be (the export goes on). */
async function decodeVideoSoundInto(
  cache: PcmCache,
  entry: { key: string; path: string },
  sampleRate: number,
  onBytes: (bytesRead: number) => void,
  isCancelled: () => boolean,
): Promise<CachedSource | string> {
  try {
    return await cache.ensureDecoded(
      entry.key,
      sampleRate,
      (onFormat) => {
        onFormat('video');
        return decodeVideoSound(entry.path, onBytes);
      },
      isCancelled,
      entry.path,
    );
  } catch (error) {
    if (error instanceof VideoSoundUnavailableError) return error.message;
    // The speech is the export's point: a video whose sound switches rate loses its sound, not the export.
    if (error instanceof SampleRateChangeError) {
      return `“${nodePath.basename(entry.path)}” switches its sound’s sample rate partway through (${error.firstRate} Hz, then ${error.laterRate} Hz), so its original sound is not mixed in: re-encode the video’s sound at one rate to mix it.`;
    }
    throw error;
  }
}
