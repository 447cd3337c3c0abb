/**
 * Hostile user files through the CLI (issue 37, point 4): a named pipe as the PROJECT and a link to /dev/zero as
 * --cover. Each case runs the real `timbre` process from the sources of `--root` (default: this checkout; give
 * a worktree of an older commit for the figures before a change) with scripts/bench-user-files-probe.mjs
 * loaded, which prints the process's peak RSS and its longest event-loop block when it ends, or stops it after
 * --give-up-ms if it hangs (or, blocked in a synchronous read, is stopped from outside, its peak RSS read from /proc).
 *
 *   npx tsx scripts/bench-user-files.ts [--root /path/to/checkout] [--give-up-ms 10000]
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { root: { type: 'string' }, 'give-up-ms': { type: 'string' } } });
const root = path.resolve(values.root ?? path.join(here, '..'));
const giveUpMs = Number(values['give-up-ms'] ?? 10_000);
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const probe = pathToFileURL(path.join(here, 'bench-user-files-probe.mjs')).href;

const work = await mkdtemp(path.join(tmpdir(), 'timbre-bench-user-files-'));
const pipe = path.join(work, 'pipe.timbre');
execFileSync('mkfifo', [pipe]);
const zero = path.join(work, 'zero.jpg');
await symlink('/dev/zero', zero);
const out = path.join(work, 'out');
const data = path.join(work, 'data');

const cases: Record<string, string[]> = {
  'named pipe as PROJECT': ['export', pipe, '--out', out, '--data', data],
  '/dev/zero as --cover': ['export', pipe, '--out', out, '--data', data, '--cover', zero],
};

function run(args: string[]): Promise<{ probe: string; lastLine: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', tsx, '--import', probe, path.join(root, 'main/cli/timbre.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, PROBE_GIVE_UP_MS: String(giveUpMs - 1000) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A process blocked in a synchronous read never gets to its own give-up timer: its peak RSS is then read
    // from outside (Linux's VmHWM) before it is stopped.
    let outside = '';
    const killer = setTimeout(() => {
      const peak = /VmHWM:\s+(\d+) kB/u.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      outside = `blocked past ${giveUpMs} ms: stopped, peak RSS ${Math.round(Number(peak) / 1024)} MB`;
      child.kill('SIGKILL');
    }, giveUpMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      const lines = output.trim().split('\n');
      resolve({
        probe:
          lines.find((line) => line.startsWith('PROBE ')) ??
          `PROBE ${outside || `none (exit ${code ?? signal})`}`,
        lastLine: lines.filter((line) => !line.startsWith('PROBE ')).at(-1) ?? '',
      });
    });
  });
}

console.log(`root: ${root}`);
for (const [name, args] of Object.entries(cases)) {
  const { probe: figures, lastLine } = await run(args);
  console.log(`${name}: ${figures.slice('PROBE '.length)}\n  last line: ${lastLine.slice(0, 160)}`);
}
await rm(work, { recursive: true, force: true });
