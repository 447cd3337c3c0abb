import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from './audio/run-process.js';

const repoRoot = path.dirname(import.meta.dirname);
// A PATH with nothing on it: espeak-ng, ffmpeg and sox are all "not installed".
const emptyFolder = mkdtempSync(path.join(tmpdir(), 'timbre-empty-path-'));

describe('the stand-in without its system tools', () => {
  afterAll(() => rmSync(emptyFolder, { recursive: true, force: true }));

  it('refuses to start, naming espeak-ng and ffmpeg, what each is for and how to install them', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'standin', 'cli.ts'), '--port', '0'],
      { cwd: repoRoot, env: { ...process.env, PATH: emptyFolder }, encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'standin: could not start: The stand-in service needs tools that this machine lacks:',
    );
    expect(result.stderr).toContain("  - espeak-ng: the stand-in's offline speech synthesis");
    expect(result.stderr).toContain('  - ffmpeg (ffmpeg, ffprobe)');
    if (process.platform === 'linux')
      expect(result.stderr).toContain('sudo apt-get install espeak-ng ffmpeg');
  });

  it('says which tool is missing and how to get it when one vanishes while it runs', async () => {
    const saved = process.env.PATH;
    process.env.PATH = emptyFolder;
    try {
      const failure = await runProcess('espeak-ng', ['--version']).catch((error: unknown) => error);
      expect(String(failure)).toContain(
        'espeak-ng could not start: The stand-in service needs a tool that this machine lacks:',
      );
      expect(String(failure)).toContain("espeak-ng: the stand-in's offline speech synthesis");
      expect(String(failure)).toContain('node scripts/install-system-deps.mjs');
    } finally {
      process.env.PATH = saved;
    }
  });
});
