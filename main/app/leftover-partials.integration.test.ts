import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { promises as fsPromises, readFileSync, type PathLike } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserPlatform } from '../browser/browser-platform.js';
import { EventHub } from '../ipc/event-hub.js';
import { stagingPathFor } from '../services/export/output/staged-file.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { MemorySecretStore } from '../services/secrets/memory-secret-store.js';
import { createAppServices } from './app-services.js';

/** The app's start removes what an export killed mid-way left behind, in the export folder and in the data folder. */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const child = path.join(repoRoot, 'main/services/export/output/test-support/partial-files-child.ts');

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'timbre-leftovers-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('starting the app', () => {
  it('removes the partial files of an export whose process was killed, and nothing else', async () => {
    const dataDir = path.join(root, 'data');
    const out = path.join(root, 'Exports');
    await mkdir(out, { recursive: true });
    const finalPath = path.join(out, 'Show.wav');
    const stagingPath = stagingPathFor(finalPath);
    // An export in another process records its partial file in the data folder's ledger, writes it, and is killed.
    const exporting = spawn(
      process.execPath,
      ['--import', 'tsx', child, 'hold', path.join(dataDir, 'partial-files'), finalPath, stagingPath],
      { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    await once(exporting.stdout, 'data');
    exporting.kill('SIGKILL');
    await once(exporting, 'exit');
    const notOurs = path.join(out, '.Show.wav.0123456789ab.partial');
    await writeFile(notOurs, 'the user’s');
    // Its decoded-audio cache entry, half written, in the data folder.
    const cacheDir = path.join(dataDir, 'pcm-cache');
    await mkdir(cacheDir, { recursive: true });
    const cachePartial = path.join(cacheDir, `${'c'.repeat(40)}.f32.${exporting.pid}-0123456789ab.partial`);
    await writeFile(cachePartial, new Uint8Array(4096));
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await utimes(cachePartial, longAgo, longAgo);
    expect((await readdir(out)).sort()).toEqual([path.basename(notOurs), path.basename(stagingPath)].sort());

    const events = new EventHub();
    const logger = new MemoryLogger();
    const app = await createAppServices({
      platform: new BrowserPlatform(dataDir, '0.0.0-test', events),
      logger,
      events,
      secrets: new MemorySecretStore(),
    });
    // The sweep runs in the background after the start.
    await expect.poll(() => readdir(out), { timeout: 30_000 }).toEqual([path.basename(notOurs)]);
    await expect.poll(() => readdir(cacheDir), { timeout: 30_000 }).toEqual([]);
    await app.dispose();
    expect(await readFile(notOurs, 'utf8')).toBe('the user’s');
  }, 60_000);

  it('does not wait for an export folder whose file calls never answer (a share that went offline)', async () => {
    const dataDir = path.join(root, 'data');
    const offline = path.join(root, 'Offline share');
    await mkdir(offline, { recursive: true });
    // A record of an export killed while it wrote to a share that since went away (a hard NFS/SMB mount blocks
    // every call on it until it is back): its process is gone, so the sweep must look at its path.
    const ledgerDir = path.join(dataDir, 'partial-files');
    await mkdir(ledgerDir, { recursive: true });
    const stranded = stagingPathFor(path.join(offline, 'Show.wav'));
    const record = { pid: deadPid(), host: hostname(), startedAt: '', paths: [stranded] };
    await writeFile(path.join(ledgerDir, `${record.pid}-0123456789ab.json`), JSON.stringify(record));
    const lstat = fsPromises.lstat.bind(fsPromises);
    const asked: string[] = [];
    const hanging = vi.spyOn(fsPromises, 'lstat').mockImplementation(((target: PathLike, ...rest: []) => {
      if (!String(target).startsWith(offline)) return lstat(target, ...rest);
      asked.push(String(target));
      return new Promise(() => undefined);
    }) as typeof fsPromises.lstat);
    try {
      const events = new EventHub();
      const starting = createAppServices({
        platform: new BrowserPlatform(dataDir, '0.0.0-test', events),
        logger: new MemoryLogger(),
        events,
        secrets: new MemorySecretStore(),
      });
      const app = await Promise.race([
        starting,
        new Promise<never>((_, reject) => {
          setTimeout(() => reject(new Error('the app did not start while the share did not answer')), 20_000);
        }),
      ]);
      // The sweep does reach the share, and stays waiting there, while the app answers.
      await expect.poll(() => asked, { timeout: 20_000 }).toEqual([stranded]);
      expect(await app.dispatch('app.info', undefined)).toMatchObject({ ok: true });
      await app.dispose();
    } finally {
      hanging.mockRestore();
    }
  }, 60_000);
});

/** A pid no process has now: one past the highest the kernel hands out, or a very large one elsewhere. */
function deadPid(): number {
  const max = Number(readFileSync('/proc/sys/kernel/pid_max', { encoding: 'utf8', flag: 'r' }).trim());
  return Number.isSafeInteger(max) ? max + 1 : 2 ** 30;
}
