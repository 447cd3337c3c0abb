import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { parseRetryAfterMs } from '../service-client/retry-policy.js';
import type { RateGate } from '../service-client/rate-gate.js';
import { MediaCacheError } from './media-cache-error.js';
import { chooseContentType, extensionFor } from './media-types.js';

/**
 * Limits of one download. Both clocks run only on the download's own time: waiting its turn at the service's rate
 * gate (the app's own queue) is neither server silence nor download time.
 */
export interface DownloadLimits {
  maxBytes: number;
  /** Longest wait for the answer or for the next bytes of the body, counted from when the request is sent. */
  idleTimeoutMs: number;
  /** Longest whole download, retries and the waits between them included, time queued at the gate excluded. */
  deadlineMs: number;
}

/**
 * Retries of one download. A download is an idempotent GET, so connection errors, idle timeouts, 5xx and 429 are
 * all tried again: 0.5 s ×2 up to 8 s with up to 25 % jitter, at least the Retry-After the server named, within the
 * deadline. A broken transfer resumes with a Range request from the bytes already on disk when the server
 * supports it (206), and starts over otherwise.
 */
export interface DownloadRetry {
  /** Attempts in all, counting only requests sent (an attempt starts when the gate lets it out). Default 6. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

const DEFAULT_DOWNLOAD_RETRY: DownloadRetry = { attempts: 6, baseDelayMs: 500, maxDelayMs: 8_000 };

export interface DownloadContext {
  limits: DownloadLimits;
  retry?: DownloadRetry;
  /** The pacing of the service the URL belongs to, when it is one of the app's services (rate-gate.ts). */
  gate?: RateGate | undefined;
  signal: AbortSignal;
  random?: () => number;
}

export interface DownloadedFile {
  /** File name inside the cache folder: `<media id>.<extension>`. */
  name: string;
  contentType: string;
  size: number;
}

/** Bytes looked at to recognise a format the server did not name. */
const SNIFF_BYTES = 16;
const REQUEST_ID_HEADER = 'x-service-app-request-id';
/** Statuses that say the file is not (or no longer) there for us: trying again cannot help. */
const GONE_STATUSES = new Set([403, 404, 410]);

type StopReason = 'timeout' | 'deadline' | 'aborted';

interface TempFile {
  path: string;
  handle: FileHandle | undefined;
}

/**
 * One attempt's failure that another attempt may fix, with the wait the server asked for; `heldAtGate` when that
 * wait was handed to the service's rate gate (a 429, a 503 naming a wait), which then holds the next attempt.
 */
class RetryableFailure extends Error {
  constructor(
    readonly failure: MediaCacheError,
    readonly retryAfterMs: number | undefined,
    readonly heldAtGate = false,
  ) {
    super(failure.message);
  }
}

/** When the whole download must end; moved later by the time spent queued at the gate (see DownloadLimits). */
interface Deadline {
  at: number;
}

/**
 * Downloads `url` into `<dir>/<mediaId>.<ext>`: streamed to a temp file in the same folder (so a crash or a
 * failure never leaves a partial file under the final name), size-limited while it streams, retried and resumed
 * (DownloadRetry), then renamed.
 */
export async function downloadMedia(
  url: string,
  dir: string,
  mediaId: string,
  context: DownloadContext,
): Promise<DownloadedFile> {
  const { limits } = context;
  const retry = context.retry ?? DEFAULT_DOWNLOAD_RETRY;
  const random = context.random ?? Math.random;
  const deadline: Deadline = { at: Date.now() + limits.deadlineMs };
  const tempPath = path.join(dir, `.${mediaId}.${randomBytes(6).toString('hex')}.part`);
  // Opened when the first answer arrives, so a download refused or cancelled before that leaves no file.
  const file: TempFile = { path: tempPath, handle: undefined };
  let done = false;
  try {
    let size = 0;
    let contentTypeHeader: string | null = null;
    // An attempt is a request sent: it is counted, and its clocks started, only once the gate has let it out.
    for (let attempt = 1; ; attempt += 1) {
      const releasedAt = await waitTurn(context, deadline);
      try {
        const result = await attemptOnce(url, file, size, context, deadline.at, releasedAt);
        size = result.size;
        contentTypeHeader = result.contentType ?? contentTypeHeader;
        break;
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error;
        // What arrived is kept: the next attempt asks only for the rest.
        size = file.handle ? (await file.handle.stat()).size : 0;
        const backoff = backoffMs(attempt, retry, random);
        // A wait the gate holds is waited there (for every request of the service), off the download's clock.
        const wait = error.heldAtGate ? backoff : Math.max(error.retryAfterMs ?? 0, backoff);
        if (attempt >= retry.attempts || Date.now() + wait >= deadline.at) {
          throw withAttempts(error.failure, attempt);
        }
        await sleep(wait, context.signal);
      }
    }
    const handle = file.handle ?? (await open(tempPath, 'w+', 0o600));
    file.handle = handle;
    await handle.sync();
    const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    if (head.length > 0) await handle.read(head, 0, head.length, 0);
    await handle.close();
    file.handle = undefined;
    const contentType = chooseContentType(contentTypeHeader, head);
    const name = `${mediaId}.${extensionFor(contentType)}`;
    await rename(tempPath, path.join(dir, name));
    done = true;
    return { name, contentType, size };
  } finally {
    if (!done) {
      await file.handle?.close().catch(() => undefined);
      if (file.handle !== undefined || (await exists(tempPath))) await rm(tempPath, { force: true });
    }
  }
}

/**
 * Waits until the service's rate gate lets the next request out (at once without a gate), moving the deadline
 * later by the time spent queued: the app's own queue never uses up a download's time. Resolves when it let the
 * request out.
 */
async function waitTurn(context: DownloadContext, deadline: Deadline): Promise<number | undefined> {
  const { gate, signal } = context;
  if (signal.aborted) throw cancelled();
  if (!gate) return undefined;
  const queuedAt = Date.now();
  try {
    const releasedAt = await gate.acquire(signal);
    deadline.at += Date.now() - queuedAt;
    return releasedAt;
  } catch (error) {
    if (signal.aborted) throw cancelled();
    throw error;
  }
}

/**
 * One HTTP request, sent at once (its turn at the gate is taken): resumes at `offset` when there are bytes
 * already; resolves the file's full size. The idle clock starts as the request is sent.
 */
async function attemptOnce(
  url: string,
  file: TempFile,
  offset: number,
  context: DownloadContext,
  deadlineAt: number,
  releasedAt: number | undefined,
): Promise<{ size: number; contentType: string | null }> {
  const { limits, signal } = context;
  const controller = new AbortController();
  let stopReason: StopReason | undefined;
  const stop = (reason: StopReason): void => {
    stopReason ??= reason;
    controller.abort();
  };
  const onAbort = (): void => stop('aborted');
  if (signal.aborted) onAbort();
  signal.addEventListener('abort', onAbort, { once: true });
  let idleTimer = setTimeout(() => stop('timeout'), limits.idleTimeoutMs);
  const deadlineTimer = setTimeout(() => stop('deadline'), Math.max(0, deadlineAt - Date.now()));
  const touch = (): void => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => stop('timeout'), limits.idleTimeoutMs);
  };
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      redirect: 'follow',
      headers: {
        accept: 'audio/*, image/*;q=0.8, */*;q=0.5',
        ...(offset > 0 ? { range: `bytes=${offset}-` } : {}),
      },
    });
    touch();
    const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw statusFailure(response, requestId, context.gate, releasedAt);
    }
    context.gate?.answered();
    file.handle ??= await open(file.path, 'w+', 0o600);
    const handle = file.handle;
    let position = 0;
    if (response.status === 206) {
      const start = /^bytes (\d+)-/u.exec(response.headers.get('content-range') ?? '')?.[1];
      if (start === undefined || Number(start) !== offset) {
        // A range we did not ask for: start over with the whole file.
        await response.body?.cancel().catch(() => undefined);
        await handle.truncate(0);
        throw new RetryableFailure(fetchFailed('The media server sent the wrong part of the file.'), 0);
      }
      position = offset;
    }
    await handle.truncate(position);
    const declaredLength = Number(response.headers.get('content-length'));
    if (Number.isFinite(declaredLength) && position + declaredLength > limits.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(limits.maxBytes);
    }
    if (response.body) {
      for await (const chunk of response.body) {
        touch();
        const bytes = chunk as Uint8Array;
        if (position + bytes.byteLength > limits.maxBytes) throw tooLarge(limits.maxBytes);
        await handle.write(bytes, 0, bytes.byteLength, position);
        position += bytes.byteLength;
      }
    }
    return { size: position, contentType: response.headers.get('content-type') };
  } catch (error) {
    throw classify(error, stopReason, limits);
  } finally {
    clearTimeout(idleTimer);
    clearTimeout(deadlineTimer);
    signal.removeEventListener('abort', onAbort);
  }
}

function statusFailure(
  response: Response,
  requestId: string | undefined,
  gate: RateGate | undefined,
  releasedAt: number | undefined,
): MediaCacheError | RetryableFailure {
  const status = response.status;
  const details = { httpStatus: status, ...(requestId ? { requestId } : {}) };
  if (GONE_STATUSES.has(status)) {
    gate?.answered();
    return new MediaCacheError(
      'MEDIA_GONE',
      status === 403
        ? 'The service no longer lets the app read this file (403).'
        : `The service no longer has this file (${status}).`,
      details,
    );
  }
  const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after') ?? undefined, Date.now());
  const failure = new MediaCacheError('MEDIA_FETCH_FAILED', `The media server answered ${status}.`, details);
  if (status === 429) {
    gate?.rateLimited(retryAfterMs, releasedAt);
    return new RetryableFailure(failure, retryAfterMs, gate !== undefined);
  }
  if (status >= 500 || status === 408) {
    const heldAtGate = gate !== undefined && status === 503 && retryAfterMs !== undefined;
    if (heldAtGate) gate.unavailable(retryAfterMs);
    return new RetryableFailure(failure, retryAfterMs, heldAtGate);
  }
  return failure;
}

/** One error type out: whatever fetch or the file system threw becomes a MediaCacheError saying why. */
function classify(
  error: unknown,
  stopReason: StopReason | undefined,
  limits: DownloadLimits,
): MediaCacheError | RetryableFailure {
  if (error instanceof RetryableFailure || error instanceof MediaCacheError) return error;
  switch (stopReason) {
    case 'timeout':
      return new RetryableFailure(
        new MediaCacheError(
          'MEDIA_TIMEOUT',
          `The media server sent nothing for ${limits.idleTimeoutMs / 1000} s; the download was stopped.`,
        ),
        undefined,
      );
    case 'deadline':
      return new MediaCacheError(
        'MEDIA_TIMEOUT',
        `The media download took longer than ${limits.deadlineMs / 1000} s and was stopped.`,
      );
    case 'aborted':
      return cancelled();
    case undefined: {
      if (isFileSystemError(error)) {
        return new MediaCacheError(
          'MEDIA_FETCH_FAILED',
          `The downloaded file could not be written (${systemErrorCode(error) ?? 'disk error'}).`,
        );
      }
      const code = systemErrorCode(error);
      return new RetryableFailure(
        fetchFailed(`The media could not be downloaded${code === undefined ? '' : ` (${code})`}.`),
        undefined,
      );
    }
  }
}

function fetchFailed(message: string): MediaCacheError {
  return new MediaCacheError('MEDIA_FETCH_FAILED', message);
}

function withAttempts(error: MediaCacheError, attempts: number): MediaCacheError {
  const tries = attempts === 1 ? '' : ` (tried ${attempts} times)`;
  return new MediaCacheError(error.code, `${error.message}${tries}`, {
    ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    attempts,
  });
}

function tooLarge(maxBytes: number): MediaCacheError {
  return new MediaCacheError(
    'MEDIA_TOO_LARGE',
    `The media file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most the app keeps.`,
  );
}

function backoffMs(attempt: number, retry: DownloadRetry, random: () => number): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(ceiling * (0.75 + 0.25 * random()));
}

async function exists(filePath: string): Promise<boolean> {
  return stat(filePath).then(
    () => true,
    () => false,
  );
}

function cancelled(): MediaCacheError {
  return new MediaCacheError('MEDIA_ABORTED', 'The media download was cancelled.');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(cancelled());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Errors of our own file handle (a full disk), which no new request would fix. */
function isFileSystemError(error: unknown): boolean {
  const code = systemErrorCode(error);
  return code === 'ENOSPC' || code === 'EACCES' || code === 'EROFS' || code === 'EIO' || code === 'EBADF';
}

/**
 * Node's fetch reports network failures as "fetch failed" with the system error (ECONNREFUSED, ENOTFOUND…)
 * as its cause, sometimes wrapped in an AggregateError; only the code is kept (messages can hold the URL).
 */
function systemErrorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const candidate = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof candidate.code === 'string' && /^E[A-Z]+$/.test(candidate.code)) return candidate.code;
  const nested = [
    candidate.cause,
    ...(Array.isArray(candidate.errors) ? (candidate.errors as unknown[]) : []),
  ];
  for (const inner of nested) {
    const code = systemErrorCode(inner, depth + 1);
    if (code !== undefined) return code;
  }
  return undefined;
}
