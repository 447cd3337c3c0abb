import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_INSTANCE } from '../../storage/process-instance.js';
import { removeStalePcmPartials } from '../decode/pcm-cache.js';
import type { ExportRequest } from '../export-types.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import { PartialFileLedger } from './partial-file-ledger.js';
import { stagingPathFor } from './staged-file.js';

/**
 * Partial files left by an export whose process was killed are removed at the next start, and only those: the
 * ledger says which hidden `.NAME.<hex>.partial` files in the user's folders are the app's own. Exports in other
 * processes are real processes here (through tsx), killed with SIGKILL or left running while the sweep runs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, 'test-support', 'partial-files-child.ts');
const repoRoot = path.resolve(here, '../../../..');

let folder: string;
let project: SmallProject;
const children: ChildProcess[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-partials-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 600);
}, 60_000);

afterEach(() => {
  for (const running of children.splice(0)) running.kill('SIGKILL');
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function startChild(args: string[]): { process: ChildProcess; lines: string[]; exited: Promise<unknown> } {
  const started = spawn(process.execPath, ['--import', 'tsx', child, ...args], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(started);
  const lines: string[] = [];
  let buffered = '';
  started.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  started.stderr.on('data', (chunk: Buffer) => lines.push(`stderr: ${chunk.toString('utf8')}`));
  return { process: started, lines, exited: once(started, 'exit') };
}

async function killed(running: { process: ChildProcess; exited: Promise<unknown> }): Promise<void> {
  running.process.kill('SIGKILL');
  await running.exited;
}

const hiddenPartials = async (dir: string): Promise<string[]> =>
  (await readdir(dir)).filter((name) => name.endsWith('.partial')).sort();

/** The bytes in the partial files in `dir` now (0 when there are none yet). */
async function partialBytes(dir: string): Promise<number> {
  let bytes = 0;
  for (const name of await hiddenPartials(dir)) bytes += (await stat(path.join(dir, name))).size;
  return bytes;
}

describe('PartialFileLedger', () => {
  it('removes what an export killed with SIGKILL left in the export folder, and keeps a same-named file it never recorded', async () => {
    const out = path.join(folder, 'killed');
    const ledgerDir = path.join(folder, 'killed-ledger');
    await mkdir(out);
    const request: ExportRequest = {
      plan: project.plan,
      sources: project.sources,
      options: {
        audio: { format: 'wav', bitDepth: 16 },
        loudness: { kind: 'none' },
        subtitles: { srt: true, vtt: true },
      },
      outputPath: path.join(out, 'Episode.wav'),
      pcmCacheDir: path.join(folder, 'killed-cache'),
    };
    const requestPath = path.join(folder, 'killed-request.json');
    await writeFile(requestPath, JSON.stringify(request));
    const exporting = startChild(['export', ledgerDir, requestPath]);
    // Killed once its partial file holds audio (a partial file is created empty; on a busy machine it may stay so
    // for a while).
    await expect.poll(async () => partialBytes(out), { timeout: 60_000, interval: 50 }).toBeGreaterThan(0);
    await killed(exporting);
    const left = await hiddenPartials(out);
    expect(left[0]).toMatch(/^\.Episode\.wav\.[0-9a-f]{12}\.partial$/u);
    const leftBytes = await partialBytes(out);
    // The user's own file, named exactly like one of ours but never recorded by the app.
    const notOurs = path.join(out, '.Episode.wav.0123456789ab.partial');
    await writeFile(notOurs, 'kept');

    const sweep = await new PartialFileLedger(ledgerDir).sweep();

    expect(await readdir(out)).toEqual([path.basename(notOurs)]);
    expect(sweep.removed).toEqual(left.map((name) => path.join(out, name)));
    expect(sweep.bytes).toBe(leftBytes);
    expect(await readFile(notOurs, 'utf8')).toBe('kept');
    expect(await readdir(ledgerDir)).toEqual([]);
  }, 120_000);

  it('leaves alone the partial file of an export another process is still running, which then completes', async () => {
    const out = path.join(folder, 'live');
    const ledgerDir = path.join(folder, 'live-ledger');
    await mkdir(out);
    const finalPath = path.join(out, 'Live.mp3');
    const stagingPath = stagingPathFor(finalPath);
    const running = startChild(['hold', ledgerDir, finalPath, stagingPath]);
    await expect.poll(() => running.lines, { timeout: 30_000 }).toContain('recorded');

    const sweep = await new PartialFileLedger(ledgerDir).sweep();

    expect(sweep.removed).toEqual([]);
    expect(existsSync(stagingPath)).toBe(true);
    running.process.stdin?.end();
    expect(await running.exited).toEqual([0, null]);
    expect(await readdir(out)).toEqual(['Live.mp3']);
    // Its record went with its partial file.
    expect(await readdir(ledgerDir)).toEqual([]);
  }, 60_000);

  it('deletes only recorded paths that are still a staging file or a staging folder of plain files', async () => {
    const out = path.join(folder, 'defensive');
    const ledgerDir = path.join(folder, 'defensive-ledger');
    await mkdir(out);
    const staged = stagingPathFor(path.join(out, 'Show.wav'));
    const stagedFolder = stagingPathFor(path.join(out, 'Chapters'));
    const folderWithSubfolder = stagingPathFor(path.join(out, 'Blocks'));
    const linkNamedLikeOurs = stagingPathFor(path.join(out, 'Link.wav'));
    const notAStagingName = path.join(out, 'Show.wav');
    const paths = [staged, stagedFolder, folderWithSubfolder, linkNamedLikeOurs, notAStagingName];
    const holding = startChild(['hold', ledgerDir, path.join(out, 'Show.wav'), staged, ...paths.slice(1)]);
    await expect.poll(() => holding.lines, { timeout: 30_000 }).toContain('recorded');
    // What is at the other recorded paths when the process dies: made (or replaced) after it recorded them.
    await mkdir(stagedFolder);
    await writeFile(path.join(stagedFolder, '01 Intro.mp3'), 'audio');
    await mkdir(path.join(folderWithSubfolder, 'photos'), { recursive: true });
    const target = path.join(folder, 'precious.txt');
    await writeFile(target, 'precious');
    await symlink(target, linkNamedLikeOurs);
    await writeFile(notAStagingName, 'a finished export of the user');
    await killed(holding);

    const sweep = await new PartialFileLedger(ledgerDir).sweep();

    expect(sweep.removed.sort()).toEqual([staged, stagedFolder].sort());
    expect(sweep.kept.sort()).toEqual([folderWithSubfolder, linkNamedLikeOurs, notAStagingName].sort());
    expect(existsSync(path.join(folderWithSubfolder, 'photos'))).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('precious');
    expect(await readFile(linkNamedLikeOurs, 'utf8')).toBe('precious');
    expect(await readFile(notAStagingName, 'utf8')).toBe('a finished export of the user');
    expect(await readdir(ledgerDir)).toEqual([]);
  }, 60_000);

  it('takes a record with this process’s pid but not its instance for a killed earlier run’s (a reused pid), and keeps this process’s own', async () => {
    const out = path.join(folder, 'reused-pid');
    const ledgerDir = path.join(folder, 'reused-pid-ledger');
    await mkdir(out);
    await mkdir(ledgerDir);
    // What an earlier run with the same pid (a container, a Flatpak) recorded before it was killed: with an
    // instance id of its own, and in an older record without one.
    const earlier = stagingPathFor(path.join(out, 'Earlier.wav'));
    const older = stagingPathFor(path.join(out, 'Older.wav'));
    await writeFile(earlier, 'left by the earlier run');
    await writeFile(older, 'left by an older run');
    const earlierRecord = {
      pid: process.pid,
      instance: 'an-earlier-run',
      host: os.hostname(),
      startedAt: '',
      paths: [earlier],
    };
    await writeFile(path.join(ledgerDir, `${process.pid}-0123456789ab.json`), JSON.stringify(earlierRecord));
    const olderRecord = { pid: process.pid, host: os.hostname(), startedAt: '', paths: [older] };
    await writeFile(path.join(ledgerDir, `${process.pid}-ba9876543210.json`), JSON.stringify(olderRecord));
    const ledger = new PartialFileLedger(ledgerDir);
    // An export of this process, under way while the sweep runs.
    const mine = stagingPathFor(path.join(out, 'Mine.wav'));
    let sweep: Awaited<ReturnType<PartialFileLedger['sweep']>> | undefined;
    await ledger.track([mine], async () => {
      await writeFile(mine, 'being exported');
      sweep = await ledger.sweep();
      expect(await readFile(mine, 'utf8')).toBe('being exported');
      await rm(mine);
    });

    expect(sweep?.removed.sort()).toEqual([earlier, older].sort());
    expect(await readdir(out)).toEqual([]);
    expect(await readdir(ledgerDir)).toEqual([]);
  });
});

describe('removeStalePcmPartials', () => {
  it('removes cache partials of processes that are gone, and keeps those of a live process or a recent write', async () => {
    const cache = path.join(folder, 'pcm-cache');
    await mkdir(cache);
    const gone = startChild([
      'hold',
      path.join(folder, 'unused-ledger'),
      path.join(folder, 'x'),
      path.join(folder, '.x.0123456789ab.partial'),
    ]);
    const deadPid = gone.process.pid!;
    await killed(gone);
    const key = 'ab'.repeat(20);
    const names = {
      dead: `${key}.f32.${deadPid}-0123456789ab.partial`,
      deadInfo: `${key}.json.${deadPid}-0123456789ab.partial`,
      olderFormat: `${key}.f32.0123456789ab.partial`,
      live: `${key}.f32.${process.pid}-${PROCESS_INSTANCE}-0123456789ab.partial`,
      deadButJustWritten: `${key}.f32.${deadPid}-ba9876543210.partial`,
      entry: `${key}.f32`,
      unrelated: 'notes.partial',
    };
    for (const name of Object.values(names)) await writeFile(path.join(cache, name), 'pcm');
    const longAgo = new Date(Date.now() - 10 * 60_000);
    for (const name of Object.values(names)) {
      if (name !== names.deadButJustWritten) await utimes(path.join(cache, name), longAgo, longAgo);
    }

    expect(await removeStalePcmPartials(cache)).toEqual({ removed: 3, bytes: 9 });

    expect((await readdir(cache)).sort()).toEqual(
      [names.live, names.deadButJustWritten, names.entry, names.unrelated].sort(),
    );
  }, 60_000);
});
