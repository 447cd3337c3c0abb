import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StagedFile } from '../output/staged-file.js';
import { StoreZipWriter } from './store-zip-writer.js';

const run = promisify(execFile);
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-zip-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('StoreZipWriter', () => {
  it('writes entries streamed in pieces that unzip verifies and extracts byte for byte', async () => {
    const target = path.join(folder, 'two.zip');
    const file = StagedFile.create(target);
    const zip = new StoreZipWriter(file, new Date(2024, 4, 17, 10, 30, 12));
    const first = zip.openEntry('first.txt');
    first.write(new TextEncoder().encode('hello, '));
    first.write(new TextEncoder().encode('zip'));
    first.close();
    const second = zip.openEntry('dossier/été.bin');
    second.write(Uint8Array.from({ length: 70_000 }, (_, i) => i % 251));
    second.close();
    zip.finish();
    file.publish();
    const { stdout } = await run('unzip', ['-t', target]);
    expect(stdout).toContain('No errors detected');
    expect((await run('unzip', ['-p', target, 'first.txt'])).stdout).toBe('hello, zip');
    const listing = (await run('unzip', ['-Z1', target])).stdout.trim().split('\n');
    expect(listing).toEqual(['first.txt', 'dossier/été.bin']);
  });

  it('refuses to rewrite an entry once its bytes are checksummed', () => {
    const file = StagedFile.create(path.join(folder, 'x.zip'));
    const entry = new StoreZipWriter(file).openEntry('a.wav');
    entry.write(new Uint8Array(4));
    expect(() => entry.writeAt(new Uint8Array(1), 0)).toThrow(/cannot be rewritten/);
    file.discard();
  });
});
