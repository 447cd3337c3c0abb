import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asUserFileError, openUserFile, readUserFile, readUserFileSync } from './user-file.js';

const limit = { maxBytes: 1024, what: 'a test file' };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'user-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readUserFile', () => {
  it('reads a regular file within the limit, async and sync', async () => {
    const filePath = path.join(dir, 'script.txt');
    await writeFile(filePath, 'Hello there.');
    expect((await readUserFile(filePath, limit)).toString()).toBe('Hello there.');
    expect(readUserFileSync(filePath, limit).toString()).toBe('Hello there.');
  });

  it('reads a file that spans several chunks exactly', async () => {
    const filePath = path.join(dir, 'big.bin');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    bytes[bytes.length - 1] = 9;
    await writeFile(filePath, bytes);
    const read = await readUserFile(filePath, { maxBytes: 4 * 1024 * 1024, what: 'a file' });
    expect(read.equals(bytes)).toBe(true);
  });

  it('refuses a named pipe at once instead of waiting for a writer', async () => {
    const fifo = path.join(dir, 'book.timbre');
    execFileSync('mkfifo', [fifo]);
    await expect(readUserFile(fifo, limit)).rejects.toThrow(
      '“book.timbre” is not an ordinary file (it is a named pipe), so it cannot be read as a test file.',
    );
    expect(() => readUserFileSync(fifo, limit)).toThrow('it is a named pipe');
    await expect(openUserFile(fifo, limit)).rejects.toMatchObject({ reason: 'not-a-file' });
  });

  it('refuses a link to /dev/zero, which would never end', async () => {
    const link = path.join(dir, 'cover.png');
    await symlink('/dev/zero', link);
    await expect(readUserFile(link, limit)).rejects.toThrow(
      '“cover.png” is not an ordinary file (it is a device)',
    );
    expect(() => readUserFileSync(link, limit)).toThrow('it is a device');
  });

  it('refuses a folder, a missing file and a file over the limit with sentences that say so', async () => {
    await expect(readUserFile(dir, limit)).rejects.toThrow(
      `“${path.basename(dir)}” is a folder, not a file.`,
    );
    await expect(readUserFile(path.join(dir, 'gone.txt'), limit)).rejects.toThrow(
      '“gone.txt” does not exist: it may have been moved, renamed or deleted.',
    );
    const big = path.join(dir, 'big.txt');
    await writeFile(big, Buffer.alloc(2048));
    await expect(readUserFile(big, limit)).rejects.toThrow(
      '“big.txt” is 2.0 KB; a test file may be at most 1.0 KB.',
    );
    await expect(readUserFile(path.join(big, 'inner.txt'), limit)).rejects.toThrow(
      'a part of that path is a file, not a folder',
    );
  });

  it('turns a full disk into a sentence that says what to do', () => {
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(asUserFileError(error, '/out/Book.m4b', 'write').message).toBe(
      'The disk holding “Book.m4b” is full, so it could not be written. Free some space and try again.',
    );
  });

  it('refuses a UNIX socket, which fails at the open itself, as a thing that is not a file', async () => {
    const socketPath = path.join(dir, 'x.timbre');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const expected =
        '“x.timbre” is not an ordinary file (it is a socket), so it cannot be read as a test file. Choose a file saved on disk.';
      await expect(readUserFile(socketPath, limit)).rejects.toThrow(expected);
      await expect(openUserFile(socketPath, limit)).rejects.toMatchObject({ reason: 'not-a-file' });
      expect(() => readUserFileSync(socketPath, limit)).toThrow(expected);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("never shows Node's own text or the full path for an error it has no sentence for", () => {
    const error = Object.assign(new Error("EBADMSG: bad message, open '/home/ann/secret/Book.timbre'"), {
      code: 'EBADMSG',
    });
    const read = asUserFileError(error, '/home/ann/secret/Book.timbre', 'read');
    expect(read.message).toBe(
      '“Book.timbre” could not be read. Check that it is a file on a disk you can open, or choose another file.',
    );
    expect(read.cause).toBe(error);
    expect(asUserFileError(error, '/home/ann/secret/Book.timbre', 'write').message).not.toMatch(
      /EBADMSG|\/home/,
    );
  });
});
