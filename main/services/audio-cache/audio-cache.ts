import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DecoderSet } from '../export/decode/source-decoder.js';
import type { Logger } from '../logging/logger.js';
import type { MediaCache } from '../media/index.js';
import { isMediaCacheError, mediaPathFor } from '../media/index.js';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';
import type { AudioAnalysis } from '../../../common/audio/audio-analysis.js';
import type { TakeMeasures } from '../../../common/audio/take-measures.js';
import { measureTake } from '../../../common/audio/take-measures.js';
import { analyseAudioFile } from './analyse-audio-file.js';

/** A block's generated audio on disk, under the content hash it was generated from. */
export interface CachedSegment {
  cacheKey: string;
  filePath: string;
  durationMs: number;
  /** Where the renderer plays it (served by main from the media cache). */
  mediaPath: string;
  remoteUrl: string;
  taskId?: string | undefined;
  generatedAt: string;
  /** Absent for entries cached before audio was analysed (`analysis()` makes it). */
  measures?: TakeMeasures;
}

export interface SegmentSource {
  remoteUrl: string;
  taskId?: string | undefined;
  generatedAt?: string | undefined;
}

const sidecarSchema = z.object({
  version: z.literal(1),
  fileName: z.string(),
  durationMs: z.number().nonnegative(),
  remoteUrl: z.string(),
  taskId: z.string().optional(),
  generatedAt: z.string(),
  analysis: z
    .object({
      durationMs: z.number().nonnegative(),
      windowsPerSecond: z.number().positive(),
      envelope: z.string(),
      rmsDb: z.number(),
      clippedSamples: z.number().int().nonnegative(),
    })
    .optional(),
});

type Sidecar = z.infer<typeof sidecarSchema>;

const LOOKUP_CONCURRENCY = 32;

/** Entries kept in memory (~1 KB each): several audiobooks' worth. */
const KNOWN_ENTRIES_CAP = 50_000;

function isAudioFile(filePath: string): Promise<boolean> {
  return stat(filePath).then(
    (stats) => stats.isFile() && stats.size > 0,
    () => false,
  );
}

/** Cache keys are content hashes (SHA-256, hex); anything else never becomes a file name. */
const CACHE_KEY_SHAPE = /^[0-9a-f]{64}$/;

export type AudioCacheErrorCode =
  | 'AUDIO_CACHE_KEY_INVALID'
  /** Every attempt to download the generated audio failed; the service still has it, so fetch it again. */
  | 'AUDIO_DOWNLOAD_FAILED'
  /** The service says the generated audio is gone (403/404/410): only a new task can bring it back. */
  | 'AUDIO_GONE'
  | 'AUDIO_UNREADABLE';

export class AudioCacheError extends Error {
  constructor(
    message: string,
    readonly code: AudioCacheErrorCode,
    /** The X-Service-App-Request-Id of the failed download, when the server sent one. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'AudioCacheError';
  }
}

/**
 * Generated segment audio, per service, keyed by the content hash of the block it was generated from: an
 * unchanged block finds its audio again (no credits spent twice), and preview and export work offline. Files are
 * fetched through the media cache (timeouts, size caps, one download per URL), then linked here with a JSON
 * sidecar written last, so only complete entries are ever seen. Each file is decoded once as it arrives: its
 * duration, waveform envelope and measures (analyse-audio-file.ts) go in the sidecar.
 */
export class AudioCache {
  readonly directory: string;
  private readonly decoders = new DecoderSet();
  private readonly storing = new Map<string, Promise<CachedSegment>>();
  private readonly analysing = new Map<string, Promise<AudioAnalysis>>();
  /** Entries already read, by slot, with the stamp of the sidecar they were read from (see lookup). */
  private readonly known = new Map<string, { stamp: string; entry: CachedSegment }>();
  private readonly folders = new Map<string, string>();

  constructor(private readonly options: { dataDir: string; media: MediaCache; logger?: Logger | undefined }) {
    this.directory = path.join(options.dataDir, 'audio-cache');
  }

  /** The service's folder: a hash of its URL, so URLs never shape paths. */
  folderOf(serviceUrl: string): string {
    let folder = this.folders.get(serviceUrl);
    if (folder === undefined) {
      const key = createHash('sha256').update(serviceUrl).digest('hex').slice(0, 16);
      folder = path.join(this.directory, key);
      this.folders.set(serviceUrl, folder);
    }
    return folder;
  }

  async lookup(serviceUrl: string, cacheKey: string): Promise<CachedSegment | undefined> {
    if (!CACHE_KEY_SHAPE.test(cacheKey)) return undefined;
    // Reading, validating and measuring a sidecar costs ~0.3 ms of CPU; a 10,000-block book looks up 2,500 of
    // them each time it opens. An entry read before is answered from memory while its sidecar is unchanged (same
    // size, time and inode: another process may rewrite or clean it) and its audio file is still there.
    const slot = `${serviceUrl}\n${cacheKey}`;
    const stamp = await this.stampOf(this.sidecarPath(serviceUrl, cacheKey));
    const known = this.known.get(slot);
    if (stamp === undefined) {
      this.known.delete(slot);
      return undefined;
    }
    if (known !== undefined && known.stamp === stamp && (await isAudioFile(known.entry.filePath))) {
      return known.entry;
    }
    const entry = await this.readSegment(serviceUrl, cacheKey);
    if (entry === undefined) this.known.delete(slot);
    else this.remember(slot, stamp, entry);
    return entry;
  }

  private async stampOf(file: string): Promise<string | undefined> {
    return stat(file).then(
      (stats) => `${stats.size}:${stats.mtimeMs}:${stats.ino}`,
      () => undefined,
    );
  }

  private remember(slot: string, stamp: string, entry: CachedSegment): void {
    // Oldest first out past the cap: a long-running window over many books stays bounded.
    if (this.known.size >= KNOWN_ENTRIES_CAP) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(slot, { stamp, entry });
  }

  private async readSegment(serviceUrl: string, cacheKey: string): Promise<CachedSegment | undefined> {
    const found = await this.readEntry(serviceUrl, cacheKey);
    if (!found) return undefined;
    const { sidecar, filePath } = found;
    return {
      cacheKey,
      filePath,
      durationMs: sidecar.durationMs,
      mediaPath: mediaPathFor(this.options.media.register(sidecar.remoteUrl), sidecar.remoteUrl),
      remoteUrl: sidecar.remoteUrl,
      taskId: sidecar.taskId,
      generatedAt: sidecar.generatedAt,
      ...(sidecar.analysis ? { measures: measureTake(sidecar.analysis) } : {}),
    };
  }

  /**
   * The waveform and measures of a cached segment; an entry cached before audio was analysed is decoded now and
   * its sidecar updated, once. Undefined when the key is not cached.
   */
  async analysis(serviceUrl: string, cacheKey: string): Promise<AudioAnalysis | undefined> {
    const found = await this.readEntry(serviceUrl, cacheKey);
    if (!found) return undefined;
    if (found.sidecar.analysis) return found.sidecar.analysis;
    const slot = `${serviceUrl}\n${cacheKey}`;
    const running = this.analysing.get(slot);
    if (running) return running;
    const work = (async () => {
      const analysis = await analyseAudioFile(found.filePath, this.decoders);
      await writeJsonAtomic(this.sidecarPath(serviceUrl, cacheKey), { ...found.sidecar, analysis });
      return analysis;
    })().finally(() => this.analysing.delete(slot));
    this.analysing.set(slot, work);
    return work;
  }

  private sidecarPath(serviceUrl: string, cacheKey: string): string {
    return path.join(this.folderOf(serviceUrl), `${cacheKey}.json`);
  }

  private async readEntry(
    serviceUrl: string,
    cacheKey: string,
  ): Promise<{ sidecar: Sidecar; filePath: string } | undefined> {
    if (!CACHE_KEY_SHAPE.test(cacheKey)) return undefined;
    const folder = this.folderOf(serviceUrl);
    const text = await readFileIfExists(this.sidecarPath(serviceUrl, cacheKey));
    if (text === undefined) return undefined;
    let sidecar: Sidecar;
    try {
      sidecar = sidecarSchema.parse(JSON.parse(text));
    } catch {
      this.options.logger?.warn(`Ignoring a damaged audio cache entry ${cacheKey}`);
      return undefined;
    }
    if (path.basename(sidecar.fileName) !== sidecar.fileName || !sidecar.fileName.startsWith(cacheKey)) {
      return undefined;
    }
    const filePath = path.join(folder, sidecar.fileName);
    return (await isAudioFile(filePath)) ? { sidecar, filePath } : undefined;
  }

  /** Several keys at once (the editor asks for a whole project when it opens). */
  async lookupMany(serviceUrl: string, cacheKeys: readonly string[]): Promise<Map<string, CachedSegment>> {
    const found = new Map<string, CachedSegment>();
    const keys = [...new Set(cacheKeys)];
    // A few dozen sidecars at a time: a 2,000-block project is looked up when it opens.
    for (let start = 0; start < keys.length; start += LOOKUP_CONCURRENCY) {
      const slice = keys.slice(start, start + LOOKUP_CONCURRENCY);
      const entries = await Promise.all(slice.map((key) => this.lookup(serviceUrl, key)));
      for (const entry of entries) if (entry) found.set(entry.cacheKey, entry);
    }
    return found;
  }

  /** Downloads a segment and keeps it under `cacheKey`; a key already cached is returned as it is. */
  store(
    serviceUrl: string,
    cacheKey: string,
    source: SegmentSource,
    signal?: AbortSignal,
  ): Promise<CachedSegment> {
    if (!CACHE_KEY_SHAPE.test(cacheKey)) {
      return Promise.reject(
        new AudioCacheError(
          `cacheKey must be a content hash (64 hex digits), got "${cacheKey}"`,
          'AUDIO_CACHE_KEY_INVALID',
        ),
      );
    }
    const slot = `${serviceUrl}\n${cacheKey}`;
    const running = this.storing.get(slot);
    if (running) return running;
    const work = this.storeOnce(serviceUrl, cacheKey, source, signal).finally(() =>
      this.storing.delete(slot),
    );
    this.storing.set(slot, work);
    return work;
  }

  private async storeOnce(
    serviceUrl: string,
    cacheKey: string,
    source: SegmentSource,
    signal: AbortSignal | undefined,
  ): Promise<CachedSegment> {
    const existing = await this.lookup(serviceUrl, cacheKey);
    if (existing) return existing;
    const { media } = this.options;
    let downloaded: { filePath: string };
    try {
      downloaded = await media.ensure(media.register(source.remoteUrl), signal ? { signal } : {});
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isMediaCacheError(error) && error.code === 'MEDIA_GONE') {
        throw new AudioCacheError(reason, 'AUDIO_GONE', error.requestId);
      }
      throw new AudioCacheError(
        `The generated audio could not be downloaded: ${reason}`,
        'AUDIO_DOWNLOAD_FAILED',
        isMediaCacheError(error) ? error.requestId : undefined,
      );
    }
    const folder = this.folderOf(serviceUrl);
    await mkdir(folder, { recursive: true });
    const fileName = `${cacheKey}${path.extname(downloaded.filePath).toLowerCase()}`;
    const target = path.join(folder, fileName);
    const temp = `${target}.${process.pid}.tmp`;
    await rm(temp, { force: true });
    // A hard link costs no space; across file systems (or where links are refused) a copy does the same job.
    await link(downloaded.filePath, temp).catch(() => copyFile(downloaded.filePath, temp));
    let analysis: AudioAnalysis;
    try {
      analysis = await analyseAudioFile(temp, this.decoders);
    } catch (error) {
      await rm(temp, { force: true });
      throw new AudioCacheError(
        `The generated audio cannot be decoded: ${error instanceof Error ? error.message : String(error)}`,
        'AUDIO_UNREADABLE',
      );
    }
    await rename(temp, target);
    const generatedAt = source.generatedAt ?? new Date().toISOString();
    const sidecar: Sidecar = {
      version: 1,
      fileName,
      durationMs: analysis.durationMs,
      remoteUrl: source.remoteUrl,
      ...(source.taskId ? { taskId: source.taskId } : {}),
      generatedAt,
      analysis,
    };
    await writeJsonAtomic(path.join(folder, `${cacheKey}.json`), sidecar);
    const stored = await this.lookup(serviceUrl, cacheKey);
    if (!stored)
      throw new AudioCacheError(
        `The audio cache entry ${cacheKey} could not be read back`,
        'AUDIO_UNREADABLE',
      );
    return stored;
  }

  dispose(): void {
    this.decoders.dispose();
  }
}
