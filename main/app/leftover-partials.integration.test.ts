import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
    await app.dispose();

    expect(await readdir(out)).toEqual([path.basename(notOurs)]);
    expect(await readFile(notOurs, 'utf8')).toBe('the user’s');
    expect(await readdir(cacheDir)).toEqual([]);
  }, 60_000);
});
