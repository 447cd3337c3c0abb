import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { MediaCacheOptions } from '../media-cache.js';
import { MediaCache } from '../media-cache.js';
import { MediaCacheError } from '../media-cache-error.js';
import type { OriginServer } from './origin-server.js';
import { startOriginServer } from './origin-server.js';

/** The media cache tests' world: one origin server per file, a fresh data folder per test. */
export interface MediaCacheWorld {
  /** The origin server of the test file (set in beforeAll). */
  readonly origin: OriginServer;
  /** The folder every test file's data folders are made in. */
  readonly workDir: string;
  /** This test's data folder (set in beforeEach). */
  readonly dataDir: string;
  /** A media cache on this test's data folder, with short timeouts and retries. */
  openCache: (options?: Partial<MediaCacheOptions>) => Promise<MediaCache>;
}

export function useMediaCacheWorld(): MediaCacheWorld {
  let workDir = '';
  let dataDir = '';
  let origin: OriginServer | undefined;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'timbre-media-'));
    origin = await startOriginServer();
  });
  afterAll(async () => {
    await origin?.close();
    await rm(workDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(workDir, 'app-'));
  });
  return {
    get origin() {
      if (!origin) throw new Error('the origin server is read before its beforeAll ran');
      return origin;
    },
    get workDir() {
      return workDir;
    },
    get dataDir() {
      return dataDir;
    },
    openCache: (options = {}) =>
      MediaCache.open({
        dataDir,
        idleTimeoutMs: 2000,
        retry: { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 },
        ...options,
      }),
  };
}

/** The MediaCacheError `promise` fails with (the test fails when it succeeds or fails otherwise). */
export async function failure(promise: Promise<unknown>): Promise<MediaCacheError> {
  const caught: unknown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(MediaCacheError);
  return caught as MediaCacheError;
}

/** A port nothing listens on: one the system just handed out and took back. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Partial downloads left in the cache folder. */
export async function leftovers(cache: MediaCache): Promise<string[]> {
  const names = await readdir(cache.directory).catch(() => []);
  return names.filter((name) => name.endsWith('.part'));
}
