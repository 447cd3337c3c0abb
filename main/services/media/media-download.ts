import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { MediaCacheError } from './media-cache-error.js';
import { chooseContentType, extensionFor } from './media-types.js';

export interface DownloadLimits {
  maxBytes: number;
  /** Longest wait for the answer or for the next bytes of the body. */
  idleTimeoutMs: number;
  /** Longest whole download. */
  deadlineMs: number;
}

export interface DownloadedFile {
  /** File name inside the cache folder: `<media id>.<extension>`. */
  name: string;
  contentType: string;
  size: number;
}

/** Bytes looked at to recognise a format the server did not name. */
const SNIFF_BYTES = 16;

/**
 * Downloads `url` into `<dir>/<mediaId>.<ext>`: streamed to a temp file in the same folder (so a crash or a
 * failure never leaves a partial file under the final name), size-limited while it streams, then renamed.
 */
export async function downloadMedia(
  url: string,
  dir: string,
  mediaId: string,
  limits: DownloadLimits,
  signal: AbortSignal,
): Promise<DownloadedFile> {
  const controller = new AbortController();
  let stopReason: 'timeout' | 'deadline' | 'aborted' | undefined;
  const stop = (reason: 'timeout' | 'deadline' | 'aborted') => {
    stopReason ??= reason;
    controller.abort();
  };
  const onAbort = () => stop('aborted');
  if (signal.aborted) onAbort();
  signal.addEventListener('abort', onAbort, { once: true });
  let idleTimer = setTimeout(() => stop('timeout'), limits.idleTimeoutMs);
  const deadlineTimer = setTimeout(() => stop('deadline'), limits.deadlineMs);
  const touch = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => stop('timeout'), limits.idleTimeoutMs);
  };

  const tempPath = path.join(dir, `.${mediaId}.${randomBytes(6).toString('hex')}.part`);
  let written = false;
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      redirect: 'follow',
      headers: { accept: 'audio/*, image/*;q=0.8, */*;q=0.5' },
    });
    touch();
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new MediaCacheError('MEDIA_FETCH_FAILED', `The media server answered ${response.status}.`, {
        httpStatus: response.status,
      });
    }
    const declaredLength = Number(response.headers.get('content-length'));
    if (Number.isFinite(declaredLength) && declaredLength > limits.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(limits.maxBytes);
    }

    const handle = await open(tempPath, 'w', 0o600);
    written = true;
    let size = 0;
    const head = new Uint8Array(SNIFF_BYTES);
    try {
      if (response.body) {
        for await (const chunk of response.body) {
          touch();
          const bytes = chunk as Uint8Array;
          if (size < SNIFF_BYTES) head.set(bytes.subarray(0, SNIFF_BYTES - size), size);
          size += bytes.byteLength;
          if (size > limits.maxBytes) throw tooLarge(limits.maxBytes);
          await handle.write(bytes);
        }
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    const contentType = chooseContentType(
      response.headers.get('content-type'),
      head.subarray(0, Math.min(size, SNIFF_BYTES)),
    );
    const name = `${mediaId}.${extensionFor(contentType)}`;
    await rename(tempPath, path.join(dir, name));
    written = false;
    return { name, contentType, size };
  } catch (error) {
    throw explain(error, stopReason, limits);
  } finally {
    clearTimeout(idleTimer);
    clearTimeout(deadlineTimer);
    signal.removeEventListener('abort', onAbort);
    if (written) await rm(tempPath, { force: true });
  }
}

function tooLarge(maxBytes: number): MediaCacheError {
  return new MediaCacheError(
    'MEDIA_TOO_LARGE',
    `The media file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most the app keeps.`,
  );
}

/** One error type out: whatever fetch or the file system threw becomes a MediaCacheError saying why. */
function explain(
  error: unknown,
  stopReason: 'timeout' | 'deadline' | 'aborted' | undefined,
  limits: DownloadLimits,
): MediaCacheError {
  if (error instanceof MediaCacheError) return error;
  switch (stopReason) {
    case 'timeout':
      return new MediaCacheError(
        'MEDIA_TIMEOUT',
        `The media server sent nothing for ${limits.idleTimeoutMs / 1000} s; the download was stopped.`,
      );
    case 'deadline':
      return new MediaCacheError(
        'MEDIA_TIMEOUT',
        `The media download took longer than ${limits.deadlineMs / 1000} s and was stopped.`,
      );
    case 'aborted':
      return new MediaCacheError('MEDIA_ABORTED', 'The media download was cancelled.');
    case undefined: {
      const code = systemErrorCode(error);
      return new MediaCacheError(
        'MEDIA_FETCH_FAILED',
        `The media could not be downloaded${code === undefined ? '' : ` (${code})`}.`,
      );
    }
  }
}

/**
 * Node's fetch reports network failures as "fetch failed" with the system error (ECONNREFUSED, ENOTFOUND…)
 * as its cause, sometimes wrapped in an AggregateError; only the code is kept (messages can hold the URL).
 */
function systemErrorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const candidate = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof candidate.code === 'string' && /^E[A-Z]+$/.test(candidate.code)) return candidate.code;
  const nested = [candidate.cause, ...(Array.isArray(candidate.errors) ? candidate.errors : [])];
  for (const inner of nested) {
    const code = systemErrorCode(inner, depth + 1);
    if (code !== undefined) return code;
  }
  return undefined;
}
