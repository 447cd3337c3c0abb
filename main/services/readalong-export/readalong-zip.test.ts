import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportCancelledError } from '../export/export-errors.js';
import { writePackageZip } from './readalong-zip.js';

let dir: string;

/** The files this process holds open, by path. */
function openFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}
/** A chapter's audio as the staging folder holds it: big enough that zipping it takes a while. */
let audio: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-readalong-zip-'));
  audio = path.join(dir, 'chapter-001.mp3');
  await writeFile(audio, Buffer.alloc(16 * 1024 * 1024, 7));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writePackageZip', () => {
  it('stops on a cancel while zipping: the earlier book stays as it was and no temporary file is left', async () => {
    const destination = path.join(dir, 'Book.epub');
    await writeFile(destination, 'the earlier book');
    const controller = new AbortController();
    const entries = [
      { name: 'mimetype', text: 'application/epub+zip' },
      { name: 'OEBPS/audio/chapter-001.mp3', file: audio },
    ];
    const writing = writePackageZip(
      entries,
      destination,
      path.join(dir, '.Book.tmp'),
      true,
      controller.signal,
    );
    controller.abort();
    await expect(writing).rejects.toBeInstanceOf(ExportCancelledError);
    expect(await readFile(destination, 'utf8')).toBe('the earlier book');
    expect((await readdir(dir)).sort()).toEqual(['Book.epub', 'chapter-001.mp3']);
    // The chapter's audio is closed again (Linux names each open file under /proc/self/fd).
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (existsSync('/proc/self/fd')) expect(openFiles()).not.toContain(audio);
  });

  it('replaces an earlier book only with Replace, naming it otherwise', async () => {
    const destination = path.join(dir, 'Other.epub');
    await writeFile(destination, 'the earlier book');
    const entries = [{ name: 'mimetype', text: 'application/epub+zip' }];
    await expect(writePackageZip(entries, destination, path.join(dir, '.Other.tmp'), false)).rejects.toThrow(
      `${destination} already exists: choose Replace.`,
    );
    expect(await readFile(destination, 'utf8')).toBe('the earlier book');
    const bytes = await writePackageZip(entries, destination, path.join(dir, '.Other.tmp'), true);
    expect((await readFile(destination)).subarray(30, 38).toString()).toBe('mimetype');
    expect(bytes).toBe((await readFile(destination)).length);
    expect(existsSync(path.join(dir, '.Other.tmp'))).toBe(false);
  });
});
