import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, startCliProcess } from './test-support/cli-process.js';
import { call, expectOk } from './test-support/http-client.js';

describe('standin CLI', () => {
  it('prints exactly the listening line first, then the market voices, serves, and cleans up on SIGTERM', async () => {
    const cli = await startCliProcess(['--port', '0', '--admin', '--speed', '100']);
    let dataDir: string | undefined;
    try {
      expect(cli.lines[0]).toMatch(/^Stand-in service listening on http:\/\/127\.0\.0\.1:\d+$/);
      const voice = expectOk(await call(cli.url, 'GET', '/api/voice/7b1e0c52-4f3a-4d8e-9b61-2a5c8f0d3e11'));
      expect(voice.name).toBe('Aria');
      expect(cli.lines.slice(1, 4).join('\n')).toMatch(/Aria[\s\S]*Bruno[\s\S]*Mei/);
      const info = expectOk<{ dataDir: string; url: string }>(
        await call(cli.url, 'GET', '/__standin/info', { token: null }),
      );
      expect(info.url).toBe(cli.url);
      dataDir = info.dataDir;
      expect(existsSync(dataDir)).toBe(true);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
    // The default data folder is a temp folder: deleted on exit.
    expect(dataDir).toBeDefined();
    expect(existsSync(dataDir ?? '')).toBe(false);
  });

  it('documents every option with --help and refuses unknown flags with exit code 2', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const flag of [
      '--port',
      '--data',
      '--speed',
      '--fail-rate',
      '--rate-limit',
      '--sync-wait-s',
      '--latency-ms',
      '--admin',
      '--accounts',
      '--audio-format',
    ]) {
      expect(help.stdout).toContain(flag);
    }
    const bad = await runCli(['--frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown option --frobnicate/);
  });
});
