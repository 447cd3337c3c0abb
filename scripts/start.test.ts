import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

describe('npm start without the stand-in’s tools', () => {
  const emptyFolder = mkdtempSync(path.join(tmpdir(), 'timbre-empty-path-'));
  afterAll(() => rmSync(emptyFolder, { recursive: true, force: true }));

  it('stops before building, naming espeak-ng and ffmpeg, how to get them, and how to start without the stand-in', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: emptyFolder, TIMBRE_DATA_DIR: emptyFolder };
    delete env.TIMBRE_NO_STANDIN;
    const result = spawnSync(process.execPath, [path.join(import.meta.dirname, 'start.mjs')], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'The stand-in service (started by npm start) needs tools that this machine lacks:',
    );
    expect(result.stderr).toContain("  - espeak-ng: the stand-in's offline speech synthesis");
    expect(result.stderr).toContain('  - ffmpeg (ffmpeg, ffprobe)');
    expect(result.stderr).toContain('TIMBRE_NO_STANDIN=1');
  });
});
