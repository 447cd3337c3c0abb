import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logging/logger.js';
import { MediaCacheError } from './media-cache-error.js';
import type { RateGate } from '../service-client/rate-gate.js';
import type { DownloadLimits, DownloadRetry } from './media-download.js';
import { downloadMedia } from './media-download.js';
import { isMediaId, mediaIdFor, normaliseRemoteUrl } from './media-id.js';
import type { MediaRecord } from './media-index.js';
import { loadMediaIndex, saveMediaIndex } from './media-index.js';

/** A cached file, ready to be read or served. */
export interface CachedMedia {
  filePath: string;
  contentType: string;
  size: number;
}

export interface MediaCacheOptions {
  /** The app's data folder; files and `index.json` go to `<dataDir>/media-cache/`. */
  dataDir: string;
  /** Largest file kept. Default 200 MiB (a long generated task's merged audio stays far below). */
  maxBytes?: number;
  /** Longest wait for the answer or for the next bytes, from when the request is sent. Default 30 s. */
  idleTimeoutMs?: number;
  /** Longest whole download, not counting time queued at the service's rate gate. Default 10 minutes. */
  deadlineMs?: number;
  /** Retries of each download (media-download.ts). */
  retry?: DownloadRetry;
  /** The pacing of the app's service a URL belongs to, so downloads wait out its Retry-After too. */
  gateFor?: (url: string) => RateGate | undefined;
  logger?: Logger;
}

export interface EnsureOptions {
  /** Gives up waiting; the shared download stops only when every caller waiting for it has given up. */
  signal?: AbortSignal;
}

const DEFAULT_MAX_MEDIA_BYTES = 200 * 1024 * 1024;
const DEFAULT_MEDIA_IDLE_TIMEOUT_MS = 30_000;
const DEFAULT_MEDIA_DEADLINE_MS = 10 * 60_000;

interface Download {
  promise: Promise<CachedMedia>;
  controller: AbortController;
  waiters: number;
}

/**
 * Remote media (style samples, avatars, generated audio) fetched once by main and served to the renderer from
 * the app's own origin — the page's CSP forbids fetching other origins, and a fetched file keeps playing
 * offline. Main registers each remote URL and hands the renderer only the opaque id; the cache fetches
 * nothing else, so the serving helpers cannot be used as an open proxy.
 */
export class MediaCache {
  readonly directory: string;
  private readonly indexPath: string;
  private readonly limits: DownloadLimits;
  private readonly retry: DownloadRetry | undefined;
  private readonly gateFor: ((url: string) => RateGate | undefined) | undefined;
  private readonly logger: Logger | undefined;
  private readonly records = new Map<string, MediaRecord>();
  private readonly downloads = new Map<string, Download>();
  private readonly ready: Promise<void>;
  private saving: Promise<void> | undefined;
  private saveQueued: Promise<void> | undefined;

  constructor(options: MediaCacheOptions) {
    this.directory = path.join(options.dataDir, 'media-cache');
    this.indexPath = path.join(this.directory, 'index.json');
    this.limits = {
      maxBytes: options.maxBytes ?? DEFAULT_MAX_MEDIA_BYTES,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_MEDIA_IDLE_TIMEOUT_MS,
      deadlineMs: options.deadlineMs ?? DEFAULT_MEDIA_DEADLINE_MS,
    };
    this.retry = options.retry;
    this.gateFor = options.gateFor;
    this.logger = options.logger;
    this.ready = this.loadIndex().then((repaired) => {
      // Not awaited: the write queues behind `ready` itself.
      if (repaired) void this.saveIndex();
    });
    // Failures are reported through whenReady() and every ensure(); this keeps them from being "unhandled".
    this.ready.catch(() => undefined);
  }

  /** A cache whose earlier registrations are loaded (what `has()` needs to answer for them). */
  static async open(options: MediaCacheOptions): Promise<MediaCache> {
    const cache = new MediaCache(options);
    await cache.whenReady();
    return cache;
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  /**
   * Registers a remote URL (absolute http(s), no credentials) and returns its media id: opaque, the same for
   * the same URL across restarts. Persisted in the background (see `flush()`).
   */
  register(remoteUrl: string): string {
    const url = normaliseRemoteUrl(remoteUrl);
    const id = mediaIdFor(url);
    if (!this.records.has(id)) {
      this.records.set(id, { url, registeredAt: new Date().toISOString() });
      void this.saveIndex();
    }
    return id;
  }

  /** Whether the id was registered (its file may not be downloaded yet). */
  has(mediaId: string): boolean {
    return isMediaId(mediaId) && this.records.has(mediaId);
  }

  /** The remote URL behind an id, for main's own use (never needed by the renderer). */
  urlOf(mediaId: string): string | undefined {
    return isMediaId(mediaId) ? this.records.get(mediaId)?.url : undefined;
  }

  /** Whether the file is already on disk as far as the index knows. */
  isCached(mediaId: string): boolean {
    return this.has(mediaId) && this.records.get(mediaId)?.file !== undefined;
  }

  /**
   * The cached file of a registered id, downloading it first if needed. Concurrent calls for one id share one
   * download. Unknown ids are MEDIA_NOT_FOUND; failures are MEDIA_FETCH_FAILED / MEDIA_TOO_LARGE /
   * MEDIA_TIMEOUT / MEDIA_ABORTED.
   */
  async ensure(mediaId: string, options: EnsureOptions = {}): Promise<CachedMedia> {
    await this.ready;
    const record = isMediaId(mediaId) ? this.records.get(mediaId) : undefined;
    if (record === undefined) {
      throw new MediaCacheError('MEDIA_NOT_FOUND', 'mediaId names no registered media.', {
        field: 'mediaId',
      });
    }
    const cached = await this.cachedFile(mediaId, record);
    if (cached) return cached;
    if (options.signal?.aborted)
      throw new MediaCacheError('MEDIA_ABORTED', 'The media download was cancelled.');
    return this.waitFor(mediaId, this.download(mediaId, record.url), options.signal);
  }

  /**
   * Deletes the downloaded file of a URL (its registration stays, so it can be fetched again). A file being
   * downloaded right now is left alone. Returns the bytes freed.
   */
  async dropFile(remoteUrl: string): Promise<number> {
    await this.ready;
    const id = mediaIdFor(normaliseRemoteUrl(remoteUrl));
    const record = this.records.get(id);
    if (record?.file === undefined || this.downloads.has(id)) return 0;
    const filePath = path.join(this.directory, record.file.name);
    const size = (await stat(filePath).catch(() => undefined))?.size ?? 0;
    await rm(filePath, { force: true });
    const { file: _dropped, ...rest } = record;
    this.records.set(id, rest);
    await this.saveIndex();
    return size;
  }

  /** Resolves once every registration and download made so far is written to the index. */
  async flush(): Promise<void> {
    await this.ready.catch(() => undefined);
    await (this.saveQueued ?? this.saving);
  }

  // ---- internals ----------------------------------------------------------------------------------------

  private async cachedFile(mediaId: string, record: MediaRecord): Promise<CachedMedia | undefined> {
    const file = record.file;
    if (file === undefined) return undefined;
    const filePath = path.join(this.directory, file.name);
    const info = await stat(filePath).catch(() => undefined);
    if (info?.isFile() && info.size === file.size) {
      return { filePath, contentType: file.contentType, size: file.size };
    }
    // Deleted or truncated behind our back (a user cleaning folders, a full disk): fetched again.
    this.logger?.warn('Media cache: a cached file was missing or changed; fetching it again', { mediaId });
    const { file: _gone, ...withoutFile } = record;
    this.records.set(mediaId, withoutFile);
    return undefined;
  }

  private download(mediaId: string, url: string): Download {
    const existing = this.downloads.get(mediaId);
    if (existing) return existing;
    const controller = new AbortController();
    const promise = (async (): Promise<CachedMedia> => {
      await mkdir(this.directory, { recursive: true });
      const file = await downloadMedia(url, this.directory, mediaId, {
        limits: this.limits,
        ...(this.retry ? { retry: this.retry } : {}),
        gate: this.gateFor?.(url),
        signal: controller.signal,
      });
      const current = this.records.get(mediaId) ?? { url, registeredAt: new Date().toISOString() };
      this.records.set(mediaId, { ...current, file: { ...file, fetchedAt: new Date().toISOString() } });
      await this.saveIndex();
      return {
        filePath: path.join(this.directory, file.name),
        contentType: file.contentType,
        size: file.size,
      };
    })();
    const download: Download = { promise, controller, waiters: 0 };
    this.downloads.set(mediaId, download);
    const forget = () => {
      if (this.downloads.get(mediaId) === download) this.downloads.delete(mediaId);
    };
    promise.then(forget, forget);
    return download;
  }

  /** Waits for a shared download on behalf of one caller, who may give up without stopping it for others. */
  private async waitFor(
    mediaId: string,
    download: Download,
    signal: AbortSignal | undefined,
  ): Promise<CachedMedia> {
    download.waiters += 1;
    if (signal === undefined) return download.promise;
    let onAbort: (() => void) | undefined;
    const abandoned = new Promise<never>((_, reject) => {
      onAbort = () => {
        download.waiters -= 1;
        if (download.waiters === 0) {
          // Nobody wants it any more; a later caller starts afresh instead of joining a dying download.
          if (this.downloads.get(mediaId) === download) this.downloads.delete(mediaId);
          download.controller.abort();
        }
        reject(new MediaCacheError('MEDIA_ABORTED', 'The media download was cancelled.'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([download.promise, abandoned]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }

  /** Loads the index; resolves whether it had to be repaired (and so written again). */
  private async loadIndex(): Promise<boolean> {
    const loaded = await loadMediaIndex(this.indexPath);
    if (loaded.movedTo !== undefined) {
      this.logger?.warn('Media cache: the index was unreadable and was moved aside', {
        movedTo: loaded.movedTo,
      });
    }
    if (loaded.dropped > 0) {
      this.logger?.warn(`Media cache: ${loaded.dropped} invalid index entries were dropped`);
    }
    for (const [id, record] of loaded.records) {
      // A registration made while the index was loading has no file yet; the one on disk may.
      const current = this.records.get(id);
      this.records.set(id, current === undefined || current.file === undefined ? record : current);
    }
    return loaded.movedTo !== undefined || loaded.dropped > 0;
  }

  /**
   * Writes the index atomically. Writes are coalesced: while one runs, every later change waits for the next,
   * which includes them all.
   */
  private saveIndex(): Promise<void> {
    if (this.saveQueued) return this.saveQueued;
    // Never before the index is loaded: a write then would erase registrations still on disk.
    const previous = this.saving ?? this.ready.catch(() => undefined);
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        this.saveQueued = undefined;
        this.saving = next;
        try {
          await mkdir(this.directory, { recursive: true });
          await saveMediaIndex(this.indexPath, this.records);
        } catch (error) {
          this.logger?.error('Media cache: writing the index failed', error);
        } finally {
          if (this.saving === next) this.saving = undefined;
        }
      });
    this.saveQueued = next;
    return next;
  }
}
