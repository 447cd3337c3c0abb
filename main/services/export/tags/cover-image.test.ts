import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCoverImage } from './cover-image.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-cover-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('readCoverImage', () => {
  it('reads a PNG by its first bytes', async () => {
    const png = path.join(dir, 'cover.png');
    await writeFile(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    expect(readCoverImage(png)).toMatchObject({ mime: 'image/png' });
  });

  it('refuses /dev/zero and a named pipe at once, naming the file and what it is', async () => {
    const zero = path.join(dir, 'zero.jpg');
    await symlink('/dev/zero', zero);
    expect(() => readCoverImage(zero)).toThrow(
      'cover: “zero.jpg” is not an ordinary file (it is a device), so it cannot be read as a cover image. Choose a file saved on disk',
    );
    const pipe = path.join(dir, 'pipe.jpg');
    execFileSync('mkfifo', [pipe]);
    expect(() => readCoverImage(pipe)).toThrow(
      'cover: “pipe.jpg” is not an ordinary file (it is a named pipe)',
    );
  }, 5_000);

  it('refuses a folder with a sentence, not EISDIR', async () => {
    const folder = path.join(dir, 'art');
    await mkdir(folder);
    expect(() => readCoverImage(folder)).toThrow(
      'cover: “art” is a folder, not a file. Choose a file inside it',
    );
  }, 5_000);

  it('names a staged upload as the caller calls it, with the limit, when it is too large', async () => {
    const staged = path.join(dir, '0b9e2c.part');
    await writeFile(staged, Buffer.alloc(12 * 1024 * 1024));
    expect(() => readCoverImage(staged, 'the chosen file')).toThrow(
      'cover: the chosen file is 12.0 MB; a cover image may be at most 10.0 MB',
    );
  });
});
