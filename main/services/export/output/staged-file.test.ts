import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StagedFile, stagingPathFor } from './staged-file.js';

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-staged-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('StagedFile', () => {
  it('writes under a hidden temporary name in the same folder and appears only when published', () => {
    const target = path.join(folder, 'mix.wav');
    const file = StagedFile.create(target);
    expect(path.dirname(file.tempPath)).toBe(folder);
    expect(path.basename(file.tempPath)).toMatch(/^\.mix\.wav\.[0-9a-f]{12}\.partial$/);
    file.write(new TextEncoder().encode('hello world'));
    file.writeAt(new TextEncoder().encode('HELLO'), 0);
    expect(existsSync(target)).toBe(false);
    file.publish();
    expect(readFileSync(target, 'utf8')).toBe('HELLO world');
    expect(readdirSync(folder)).toEqual(['mix.wav']);
  });

  it('leaves nothing behind when discarded, even after sealing', () => {
    const file = StagedFile.create(path.join(folder, 'a.mp3'));
    file.write(new Uint8Array(1000));
    file.seal();
    file.discard();
    file.discard();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('refuses to rewrite bytes it has not written', () => {
    const file = StagedFile.create(path.join(folder, 'b.wav'));
    file.write(new Uint8Array(4));
    expect(() => file.writeAt(new Uint8Array(8), 0)).toThrow(/only overwrite bytes already written/);
    file.discard();
  });

  it('makes distinct temporary names for the same target', () => {
    const target = path.join(folder, 'c.wav');
    expect(stagingPathFor(target)).not.toBe(stagingPathFor(target));
  });
});
