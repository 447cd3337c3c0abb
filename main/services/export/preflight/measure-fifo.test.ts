import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { measureAudioFile } from './measure-audio-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-measure-fifo-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('measureAudioFile', () => {
  it('refuses a FIFO behind a delivery file’s name instead of waiting on it', async () => {
    const fifo = path.join(dir, '01 Chapter.mp3');
    execFileSync('mkfifo', [fifo]);
    await expect(measureAudioFile(fifo)).rejects.toThrow(/01 Chapter\.mp3/u);
  });
});
