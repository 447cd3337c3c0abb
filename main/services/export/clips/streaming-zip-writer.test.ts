import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StagedFile } from '../output/staged-file.js';
import { StreamingZipWriter } from './streaming-zip-writer.js';

const run = promisify(execFile);
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-zip-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('StreamingZipWriter', () => {
  it('writes entries streamed in pieces that unzip verifies and extracts byte for byte', async () => {
    const target = path.join(folder, 'two.zip');
    const file = StagedFile.create(target);
    const zip = await StreamingZipWriter.open(file, new Date(2024, 4, 17, 10, 30, 12));
    const first = zip.openEntry('first.txt');
    first.write(new TextEncoder().encode('hello, '));
    first.write(new TextEncoder().encode('zip'));
    first.close();
    const second = zip.openEntry('dossier/été.bin');
    second.write(Uint8Array.from({ length: 70_000 }, (_, i) => i % 251));
    second.close();
    await zip.finish();
    file.publish();
    const { stdout } = await run('unzip', ['-t', target]);
    expect(stdout).toContain('No errors detected');
    expect((await run('unzip', ['-p', target, 'first.txt'])).stdout).toBe('hello, zip');
    const listing = (await run('unzip', ['-Z1', target])).stdout.trim().split('\n');
    expect(listing).toEqual(['first.txt', 'dossier/été.bin']);
    const details = (await run('zipinfo', [target])).stdout;
    expect(details).toMatch(/-rw-r--r--.*stor.*first\.txt/);
  });

  it('writes Zip64 records that unzip reads when asked to (as it does by itself past 4 GiB)', async () => {
    const target = path.join(folder, 'zip64.zip');
    const file = StagedFile.create(target);
    const zip = await StreamingZipWriter.open(file, new Date(), true);
    const entry = zip.openEntry('clip.wav');
    entry.write(new Uint8Array(1000).fill(7));
    entry.close();
    await zip.finish();
    file.publish();
    expect((await run('unzip', ['-t', target])).stdout).toContain('No errors detected');
    // The Zip64 end-of-central-directory record's signature is in the archive.
    const bytes = await import('node:fs/promises').then((fs) => fs.readFile(target));
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
  });

  it('keeps an archive over 4 GiB readable, streaming it through bounded memory', async () => {
    const target = path.join(folder, 'large.zip');
    const file = StagedFile.create(target);
    const zip = await StreamingZipWriter.open(file);
    const chunk = new Uint8Array(4 << 20).fill(1);
    const chunks = Math.ceil((2 ** 32 + (64 << 20)) / chunk.length);
    const small = zip.openEntry('before.txt');
    small.write(new TextEncoder().encode('first'));
    small.close();
    const large = zip.openEntry('long.wav');
    let peakRss = 0;
    for (let index = 0; index < chunks; index += 1) {
      large.write(chunk);
      if (index % 8 === 0) {
        await nextTurn();
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
    }
    large.close();
    const after = zip.openEntry('after.txt');
    after.write(new TextEncoder().encode('last'));
    after.close();
    await zip.finish();
    file.publish();
    expect((await stat(target)).size).toBeGreaterThan(2 ** 32);
    const listing = (await run('unzip', ['-l', target])).stdout;
    expect(listing).toMatch(new RegExp(`${chunks * chunk.length}\\s+\\S+\\s+\\S+\\s+long\\.wav`));
    expect((await run('unzip', ['-p', target, 'after.txt'])).stdout).toBe('last');
    expect(peakRss).toBeLessThan(1.5 * 2 ** 30);
  }, 240_000);

  it('refuses to rewrite an entry once its bytes are streamed, or to open two entries at once', async () => {
    const file = StagedFile.create(path.join(folder, 'x.zip'));
    const zip = await StreamingZipWriter.open(file);
    const entry = zip.openEntry('a.wav');
    entry.write(new Uint8Array(4));
    expect(() => entry.writeAt(new Uint8Array(1), 0)).toThrow(/cannot be rewritten/);
    expect(() => zip.openEntry('b.wav')).toThrow(/a\.wav is still being written/);
    entry.close();
    await zip.finish();
    file.discard();
  });
});
