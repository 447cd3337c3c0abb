import type * as realFs from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportRequest } from './export-types.js';
import { runExport } from './render-export.js';
import { makeSmallProject, wavExportRequest, type SmallProject } from './test-support/small-project.js';

/**
 * A disk that fills up while an export writes, and a cache folder that is a file: the export fails with a
 * sentence naming the file and what to do, never a bare "ENOSPC" or "ENOTDIR", and leaves no partial file.
 * The full disk is injected into the export's own file handles (a tiny tmpfs needs root): once a staged file
 * (`….partial`) has taken its share, each further write to it fails with ENOSPC as the kernel would report it.
 */
const fullDisk = vi.hoisted(() => ({ armed: false, bytesBeforeFull: 0, staged: new Map<number, number>() }));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof realFs>();
  const openSync = (...args: Parameters<typeof real.openSync>): number => {
    const descriptor = real.openSync(...args);
    if (fullDisk.armed && String(args[0]).endsWith('.partial')) fullDisk.staged.set(descriptor, 0);
    return descriptor;
  };
  const writeSync = ((descriptor: number, buffer: NodeJS.ArrayBufferView, ...rest: never[]): number => {
    const written = fullDisk.staged.get(descriptor);
    if (written !== undefined) {
      if (written >= fullDisk.bytesBeforeFull) {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
          errno: -28,
          syscall: 'write',
        });
      }
      fullDisk.staged.set(descriptor, written + buffer.byteLength);
    }
    return (real.writeSync as (...args: unknown[]) => number)(descriptor, buffer, ...rest);
  }) as typeof real.writeSync;
  return { ...real, default: { ...real, openSync, writeSync }, openSync, writeSync };
});

let folder: string;
let project: SmallProject;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-write-errors-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 20);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

beforeEach(() => {
  fullDisk.armed = false;
  fullDisk.staged.clear();
});

function request(outputPath: string, pcmCacheDir: string): ExportRequest {
  return {
    ...wavExportRequest(project, { outputPath, pcmCacheDir }, { srt: true, vtt: false }),
    // In this thread, where the full disk is injected.
    decodeThreads: 1,
    renderThreads: 1,
  };
}

describe('an export that cannot write its files', () => {
  it('says the disk holding the chosen file is full, and leaves nothing behind', async () => {
    const out = path.join(folder, 'full-disk');
    await mkdir(out);
    fullDisk.armed = true;
    fullDisk.bytesBeforeFull = 256 * 1024;
    const failure = runExport(request(path.join(out, 'Episode 1.wav'), path.join(folder, 'cache')));
    await expect(failure).rejects.toThrow(
      'The disk holding “Episode 1.wav” is full, so it could not be written. Free some space and try again.',
    );
    await expect(failure).rejects.not.toThrow(/ENOSPC|\.partial/u);
    expect(fullDisk.staged.size).toBeGreaterThan(0);
    expect(await readdir(out)).toEqual([]);
  });

  it('says which part of the cache folder’s path is a file, instead of ENOTDIR', async () => {
    const out = path.join(folder, 'not-a-folder');
    await mkdir(out);
    const file = path.join(folder, 'a-file');
    await writeFile(file, 'not a folder');
    const cacheDir = path.join(file, 'pcm-cache');
    const failure = runExport(request(path.join(out, 'Episode 1.wav'), cacheDir));
    await expect(failure).rejects.toThrow(
      `${cacheDir} cannot be reached: a part of that path is a file, not a folder. Check the path.`,
    );
    expect(await readdir(out)).toEqual([]);
  });
});
