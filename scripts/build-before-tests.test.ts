import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setup } from './build-before-tests.js';

describe('the tests’ global setup', () => {
  const emptyFolder = mkdtempSync(path.join(tmpdir(), 'timbre-empty-path-'));
  afterAll(() => rmSync(emptyFolder, { recursive: true, force: true }));

  it('stops before building when espeak-ng, ffmpeg or sox is missing, naming each and how to get it', async () => {
    const saved = process.env.PATH;
    process.env.PATH = emptyFolder;
    try {
      const failure = await setup().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      const message = (failure as Error).message;
      expect(message).toContain('Running the tests needs tools that this machine lacks:');
      for (const tool of [
        '  - espeak-ng:',
        '  - ffmpeg (ffmpeg, ffprobe):',
        "  - sox: the tests' audio fixtures",
      ]) {
        expect(message).toContain(tool);
      }
      if (process.platform === 'linux') {
        expect(message).toContain('sudo apt-get install espeak-ng ffmpeg sox libsox-fmt-mp3');
      }
    } finally {
      process.env.PATH = saved;
    }
  });
});
