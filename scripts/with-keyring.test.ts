import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'with-keyring.sh');
const onLinux = process.platform === 'linux';
// Looked up only on Linux: Windows has no `sh` to ask.
const realDaemon = onLinux
  ? spawnSync('sh', ['-c', 'command -v gnome-keyring-daemon'], { encoding: 'utf8' }).stdout.trim()
  : '';
// Said in the suite's name, so a skipped run shows why.
const skipReason = !onLinux
  ? `skipped on ${process.platform}: it sets up Linux's Secret Service; macOS and Windows have their keychain built in`
  : realDaemon === ''
    ? 'skipped: gnome-keyring-daemon is not installed (node scripts/install-system-deps.mjs installs it)'
    : undefined;

/**
 * A stand-in `gnome-keyring-daemon` first on PATH that exits at once for its first `failures` starts (as the real
 * one sometimes does on a freshly booted machine), then hands over to the real daemon.
 */
function flakyDaemonDir(failures: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'flaky-keyring-'));
  const counter = path.join(dir, 'starts');
  writeFileSync(counter, '');
  const wrapper = path.join(dir, 'gnome-keyring-daemon');
  writeFileSync(
    wrapper,
    `#!/bin/sh\necho start >> '${counter}'\nif [ "$(wc -l < '${counter}')" -le ${failures} ]; then echo 'flaky start' >&2; exit 1; fi\nexec '${realDaemon}' "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  return dir;
}

function runOutsideAnySession(binDir: string, command: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${binDir}:${process.env.PATH ?? ''}` };
  // Outside the Secret Service that `npm test` provides, so the script has to set one up itself.
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.TIMBRE_KEYRING_STAGE;
  return spawnSync('bash', [script, ...command], { env, encoding: 'utf8', timeout: 60_000 });
}

describe.skipIf(skipReason !== undefined)(
  `scripts/with-keyring.sh${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    const dirs: string[] = [];
    afterEach(() => {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    it('tries the keyring again when the daemon dies at start, then runs the command once', () => {
      const dir = flakyDaemonDir(1);
      dirs.push(dir);
      const marker = path.join(dir, 'ran');
      const result = runOutsideAnySession(dir, ['sh', '-c', `echo ran >> '${marker}'; exit 7`]);
      expect(result.stderr).toContain('attempt 1 of 3');
      expect(result.status).toBe(7);
      expect(readFileSync(marker, 'utf8')).toBe('ran\n');
      expect(readFileSync(path.join(dir, 'starts'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    });

    it('gives up with exit 69 after three failed starts, without running the command', () => {
      const dir = flakyDaemonDir(3);
      dirs.push(dir);
      const marker = path.join(dir, 'ran');
      const result = runOutsideAnySession(dir, ['sh', '-c', `echo ran >> '${marker}'`]);
      expect(result.status).toBe(69);
      expect(result.stderr).toContain('attempt 2 of 3');
      expect(() => readFileSync(marker, 'utf8')).toThrow();
    });
  },
);
