import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../../../common/project/index.js';
import { readProjectFile } from '../../../../common/project/index.js';
import { ProjectService } from '../project-service.js';

/**
 * Kills a process with SIGKILL in the middle of a burst of autosaves, many times, and checks after each kill that
 * the project file parses and holds a state at least as recent as the last save the child reported finished
 * (and never older than the state found after the previous kill). The child script is bundled once with esbuild
 * so each of the 30 runs starts in ~0.1 s instead of ~1 s through tsx; it is the same TypeScript either way.
 */
const ITERATIONS = 30;
const BLOCKS = 20;
const here = path.dirname(fileURLToPath(import.meta.url));

let workDir: string;
let childBundle: string;
let running: ChildProcess | undefined;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-crash-'));
  childBundle = path.join(workDir, 'autosave-burst.mjs');
  await build({
    entryPoints: [path.join(here, 'autosave-burst.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: childBundle,
    logLevel: 'silent',
  });
});

afterAll(async () => {
  running?.kill('SIGKILL');
  await rm(workDir, { recursive: true, force: true });
});

/** Small seeded generator, so a failing run can be replayed from the seed in the message. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const editNumberOf = (project: Project): number =>
  Number(/^Burst (\d+)$/u.exec(project.title)?.[1] ?? Number.NaN);

interface RunOutcome {
  lastSaved: number;
  savesSeen: number;
  stderr: string;
}

/** Starts the child, kills it after `killAfterMs` (counted from 'ready' when `afterReady`), reports what it said. */
function runAndKill(
  dataDir: string,
  fileName: string,
  killAfterMs: number,
  afterReady: boolean,
): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childBundle, dataDir, fileName], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    let buffered = '';
    let stderr = '';
    let lastSaved = -1;
    let savesSeen = 0;
    let timer: NodeJS.Timeout | undefined;
    const kill = () => child.kill('SIGKILL');
    const deadline = setTimeout(kill, 15_000);
    if (!afterReady) timer = setTimeout(kill, killAfterMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready' && afterReady) timer = setTimeout(kill, killAfterMs);
        const saved = /^saved (\d+)$/u.exec(line);
        if (saved !== null) {
          lastSaved = Math.max(lastSaved, Number(saved[1]));
          savesSeen += 1;
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(deadline);
      if (timer !== undefined) clearTimeout(timer);
      running = undefined;
      if (signal !== 'SIGKILL') reject(new Error(`child ended by itself (code ${code}): ${stderr}`));
      else resolve({ lastSaved, savesSeen, stderr });
    });
  });
}

describe('autosave crash safety', () => {
  it(`keeps a whole, recent project through ${ITERATIONS} kill -9s during autosave bursts`, async () => {
    const seed = Date.now();
    const random = randomFrom(seed);
    const dataDir = path.join(workDir, 'data');
    const setup = new ProjectService({ dataDir });
    const paragraphs = Array.from({ length: BLOCKS }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const { fileName } = await setup.importText({ title: 'Burst 0', text: paragraphs });
    const filePath = path.join(setup.projectsDir, fileName);

    let floor = 0;
    let totalSaves = 0;
    let killedAfterASave = 0;
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      // Mostly kill during the burst; sometimes already while the child is still starting and opening.
      const afterReady = random() < 0.85;
      const killAfterMs = Math.floor(afterReady ? 20 + random() * 280 : random() * 250);
      const outcome = await runAndKill(dataDir, fileName, killAfterMs, afterReady);
      const context = `seed ${seed}, iteration ${iteration}, kill after ${killAfterMs} ms${afterReady ? ' of editing' : ' from start'}`;
      expect(outcome.stderr, context).toBe('');
      totalSaves += outcome.savesSeen;
      if (outcome.savesSeen > 0) killedAfterASave += 1;

      const reopened = await new ProjectService({ dataDir }).open(fileName);
      if (!reopened.ok) throw new Error(`${context}: the project did not open: ${reopened.message}`);
      const n = editNumberOf(reopened.project);
      expect(n, context).toBeGreaterThanOrEqual(Math.max(floor, outcome.lastSaved));
      if (n > 0) {
        // Title and block text come from the same edit: the file is one coherent state, not a mix.
        const edited = reopened.project.tracks.speech.blocks[n % BLOCKS];
        expect(edited?.type === 'text' && edited.text.startsWith(`Edit ${n}.`), context).toBe(true);
      }
      const backupText = await readFile(`${filePath}.bak`, 'utf8').catch(() => undefined);
      if (backupText !== undefined) {
        const backup = readProjectFile(backupText);
        expect(backup.ok, context).toBe(true);
        if (backup.ok) expect(editNumberOf(backup.project), context).toBeLessThanOrEqual(n);
      }
      floor = n;
    }
    // The bursts really saved, and kills really landed while saves were going on (loose bounds: the machine is
    // shared, and a starved child saves less often).
    expect(totalSaves).toBeGreaterThanOrEqual(10);
    expect(killedAfterASave).toBeGreaterThanOrEqual(5);
    expect(floor).toBeGreaterThan(0);
  }, 60_000);
});
