import { execFileSync, spawn } from 'node:child_process';
import { contextOf } from '../../common/project/test-support.js';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../common/project/index.js';
import {
  createProject,
  createTextBlock,
  layoutTimeline,
  readProjectFile,
  writeProjectFile,
} from '../../common/project/index.js';
import type { RunningStandin } from '../../standin/index.js';
import { startStandin } from '../../standin/index.js';
import { probeFile } from '../services/export/test-support/media-tools.js';

/**
 * The real `timbre` process (from the sources, through tsx) against the stand-in: exit codes, files, summary.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const TOKEN_VARIABLE = 'TIMBRE_TEST_TOKEN';

let standin: RunningStandin;
let workDir: string;
let dataDir: string;
let projectsDir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function timbre(args: string[], { timeoutMs }: { timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const { TIMBRE_DATA_DIR: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, [tsxCli, path.join(root, 'main/cli/timbre.ts'), ...args], {
      cwd: root,
      env: { ...env, [TOKEN_VARIABLE]: 'standin-paid' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a run stopped for hanging takes tsx's node child along.
      detached: timeoutMs !== undefined,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // A run that should end at once is stopped when it does not, so a hang fails the test instead of the suite.
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
          }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function project(title: string, texts: string[]): Project {
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has market voices');
  const base = createProject({
    title,
    serviceUrl: standin.url,
    defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
  });
  return {
    ...base,
    tracks: { ...base.tracks, speech: { blocks: texts.map((text) => createTextBlock({ text })) } },
  };
}

async function saveProject(fileName: string, value: Project): Promise<string> {
  const filePath = path.join(projectsDir, fileName);
  await writeFile(filePath, writeProjectFile(value));
  return filePath;
}

async function readBack(filePath: string): Promise<Project> {
  const result = readProjectFile(await readFile(filePath, 'utf8'));
  if (!result.ok) throw new Error(result.message);
  return result.project;
}

/** Duration of a PCM WAV file from its header (fmt and data chunks). */
async function wavDurationMs(filePath: string): Promise<number> {
  const bytes = await readFile(filePath);
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') byteRate = bytes.readUInt32LE(offset + 16);
    if (id === 'data') return (size / byteRate) * 1000;
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${filePath} has no data chunk`);
}

interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

function parseSrt(text: string): Cue[] {
  const time = (value: string): number => {
    const match = /^(\d\d):(\d\d):(\d\d),(\d\d\d)$/u.exec(value);
    if (!match) throw new Error(`bad SRT time ${value}`);
    const [, h, m, s, ms] = match.map(Number) as [number, number, number, number, number];
    return ((h * 60 + m) * 60 + s) * 1000 + ms;
  };
  return text
    .replace(/\r\n/gu, '\n')
    .trim()
    .split(/\n\n+/u)
    .map((block, index) => {
      const [counter, timing, ...lines] = block.split('\n');
      expect(Number(counter)).toBe(index + 1);
      const [start, end] = (timing ?? '').split(' --> ');
      return { startMs: time(start ?? ''), endMs: time(end ?? ''), text: lines.join(' ') };
    });
}

function taskPosts(): number {
  return standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST').length;
}

async function expectExported(outDir: string, name: string, source: string): Promise<void> {
  const exported = await readBack(source);
  const layout = layoutTimeline(exported, contextOf(exported));
  expect(layout.estimated).toBe(false);
  const durationMs = await wavDurationMs(path.join(outDir, `${name}.wav`));
  expect(Math.abs(durationMs - layout.totalMs)).toBeLessThan(30);
  const cues = parseSrt(await readFile(path.join(outDir, `${name}.srt`), 'utf8'));
  expect(cues.length).toBeGreaterThanOrEqual(exported.tracks.speech.blocks.length);
  for (const cue of cues) {
    expect(cue.startMs).toBeGreaterThanOrEqual(0);
    expect(cue.endMs).toBeGreaterThan(cue.startMs);
    expect(cue.endMs).toBeLessThanOrEqual(durationMs + 1);
    expect(cue.text.trim()).not.toBe('');
  }
}

beforeAll(async () => {
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-cli-it-'));
  dataDir = path.join(workDir, 'data');
  projectsDir = path.join(workDir, 'projects');
  await mkdir(projectsDir, { recursive: true });
});

afterAll(async () => {
  await standin.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('timbre export × stand-in', () => {
  it('generates what is missing, exports every project and exits 0', async () => {
    const alpha = await saveProject(
      'alpha.timbre',
      project('Alpha', ['Welcome to the show.', 'Rivers run to the sea.']),
    );
    const beta = await saveProject('beta.timbre', project('Beta: part two', ['Mountains are old.']));
    const outDir = path.join(workDir, 'out-1');
    const run = await timbre([
      'export',
      alpha,
      beta,
      '--out',
      outDir,
      '--srt',
      '--generate',
      '--token-env',
      TOKEN_VARIABLE,
      '--data',
      dataDir,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('2 exported, 0 failed');
    expect(run.stdout).toMatch(/\[1\/2\] Alpha: generating missing audio/);
    // What --generate spends is said before anything is sent: 20 + 22 + 18 characters, one credit each.
    const estimate = 'To generate: 3 blocks in 2 projects, up to ≈ 60 credits';
    expect(run.stdout).toContain(estimate);
    expect(run.stdout.indexOf(estimate)).toBeLessThan(run.stdout.indexOf('generating missing audio'));
    expect(run.stdout).toMatch(/\[2\/2\] Beta: part two: exported → .*Beta - part two\.wav \(\+ srt\)/);
    expect(run.stdout).not.toContain('standin-paid');
    expect(taskPosts()).toBe(2);

    // The new generation states were saved into the files, and the exports match their timelines.
    await expectExported(outDir, 'Alpha', alpha);
    await expectExported(outDir, 'Beta - part two', beta);
    expect((await readdir(outDir)).sort()).toEqual([
      'Alpha.srt',
      'Alpha.wav',
      'Beta - part two.srt',
      'Beta - part two.wav',
    ]);
  }, 180_000);

  it('exports a book with chapter markers and tags (--chapters), and one file per chapter (--split chapters)', async () => {
    const base = project('The Book', [
      'The first chapter starts here.',
      'It goes on for a while.',
      'The second chapter is short.',
      'The third chapter ends the book.',
    ]);
    const blocks = base.tracks.speech.blocks;
    const titled = [0, 2, 3];
    const book = await saveProject('book.timbre', {
      ...base,
      tracks: {
        ...base.tracks,
        speech: {
          blocks: blocks.map((block, index) =>
            titled.includes(index)
              ? { ...block, chapterTitle: `Chapter ${titled.indexOf(index) + 1}` }
              : block,
          ),
        },
      },
    });
    const outDir = path.join(workDir, 'out-book');
    const common = ['--generate', '--token-env', TOKEN_VARIABLE, '--data', dataDir];
    const marked = await timbre([
      'export',
      book,
      '--out',
      outDir,
      '--format',
      'mp3',
      '--chapters',
      '--chapters-json',
      '--author',
      'A. Writer',
      '--year',
      '2026',
      ...common,
    ]);
    expect(marked.stderr).toBe('');
    expect(marked.code, marked.stdout).toBe(0);
    expect((await readdir(outDir)).sort()).toEqual(['The Book.chapters.json', 'The Book.mp3']);
    const probed = await probeFile(path.join(outDir, 'The Book.mp3'));
    expect(probed.chapters.map((chapter) => chapter.tags.title)).toEqual([
      'Chapter 1',
      'Chapter 2',
      'Chapter 3',
    ]);
    const exported = await readBack(book);
    const layout = layoutTimeline(exported, contextOf(exported));
    const starts = titled.map((index) => layout.speech[index]!.startMs / 1000);
    probed.chapters.forEach((chapter, index) => {
      expect(Number(chapter.start_time)).toBeCloseTo(starts[index]!, 2);
    });
    expect(probed.format.tags).toMatchObject({ title: 'The Book', artist: 'A. Writer' });

    const splitDir = path.join(workDir, 'out-book-split');
    const split = await timbre([
      'export',
      book,
      '--out',
      splitDir,
      '--split',
      'chapters',
      '--srt',
      '--chapter-name',
      '{n} - {title}',
      ...common,
    ]);
    expect(split.code, split.stdout).toBe(0);
    expect(await readdir(splitDir)).toEqual(['The Book']);
    const files = (await readdir(path.join(splitDir, 'The Book'))).sort();
    expect(files).toEqual([
      '01 - Chapter 1.srt',
      '01 - Chapter 1.wav',
      '02 - Chapter 2.srt',
      '02 - Chapter 2.wav',
      '03 - Chapter 3.srt',
      '03 - Chapter 3.wav',
    ]);
    // Each file is its chapter's length, and its subtitles start at its own zero.
    const ends = [...starts.slice(1), layout.totalMs / 1000];
    for (const [index, name] of ['01 - Chapter 1', '02 - Chapter 2', '03 - Chapter 3'].entries()) {
      const durationMs = await wavDurationMs(path.join(splitDir, 'The Book', `${name}.wav`));
      expect(durationMs / 1000).toBeCloseTo(ends[index]! - starts[index]!, 1);
      const cues = parseSrt(await readFile(path.join(splitDir, 'The Book', `${name}.srt`), 'utf8'));
      expect(cues[0]!.startMs).toBeLessThan(1000);
      expect(cues.at(-1)!.endMs).toBeLessThanOrEqual(durationMs + 1);
    }
  }, 180_000);

  it('refuses --chapters with --split and a cover that is not an image, before anything is sent', async () => {
    const posts = taskPosts();
    const mixed = await timbre(['export', 'x.timbre', '--out', workDir, '--split', 'chapters', '--chapters']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/--chapters and --chapters-json mark chapters inside one file/u);
    const notImage = path.join(workDir, 'cover.jpg');
    await writeFile(notImage, 'not an image');
    const cover = await timbre(['export', 'x.timbre', '--out', workDir, '--cover', notImage]);
    expect(cover.code).toBe(2);
    expect(cover.stderr).toMatch(/--cover: “cover\.jpg” is not a JPEG or PNG image/u);
    expect(taskPosts()).toBe(posts);
  }, 60_000);

  it('refuses a named pipe as a project, and /dev/zero or a folder as --cover, at once and naming them', async () => {
    const pipe = path.join(workDir, 'pipe.timbre');
    execFileSync('mkfifo', [pipe]);
    const piped = await timbre(['export', pipe, '--out', path.join(workDir, 'out-pipe'), '--data', dataDir], {
      timeoutMs: 20_000,
    });
    expect(piped.code, piped.stdout + piped.stderr).toBe(1);
    expect(piped.stdout).toContain(
      'pipe: failed — “pipe.timbre” is not an ordinary file (it is a named pipe), so it cannot be read as a project file. Choose a file saved on disk.',
    );
    const zero = path.join(workDir, 'zero.jpg');
    await symlink('/dev/zero', zero);
    const zeroed = await timbre(['export', 'x.timbre', '--out', workDir, '--cover', zero], {
      timeoutMs: 20_000,
    });
    expect(zeroed.code, zeroed.stderr).toBe(2);
    expect(zeroed.stderr).toMatch(/--cover: “zero\.jpg” is not an ordinary file \(it is a device\)/u);
    const folder = path.join(workDir, 'art');
    await mkdir(folder);
    const foldered = await timbre(['export', 'x.timbre', '--out', workDir, '--cover', folder], {
      timeoutMs: 20_000,
    });
    expect(foldered.code).toBe(2);
    expect(foldered.stderr).toMatch(/--cover: “art” is a folder, not a file\. Choose a file inside it/u);
    expect(foldered.stderr).not.toMatch(/EISDIR/u);
  }, 60_000);

  it('exports the good projects of a batch with a broken one, and exits 1 naming the failure', async () => {
    const alpha = path.join(projectsDir, 'alpha.timbre'); // generated by the previous test
    const gamma = await saveProject('gamma.timbre', project('Gamma', ['A short story, told twice.']));
    const broken = path.join(projectsDir, 'broken.timbre');
    const brokenText = '{ "schemaVersion": 1, "title": "Bro';
    await writeFile(broken, brokenText);
    const posts = taskPosts();
    const outDir = path.join(workDir, 'out-2');
    const run = await timbre([
      'export',
      alpha,
      broken,
      gamma,
      '--out',
      outDir,
      '--srt',
      '--generate',
      '--token-env',
      TOKEN_VARIABLE,
      '--data',
      dataDir,
      '--name',
      '{index} {title}',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout.trim().split('\n').at(-1), run.stdout).toBe('2 exported, 1 failed');
    expect(run.stdout).toMatch(/\[2\/3\] broken: failed — The project file is damaged: it is not valid JSON/);
    // Alpha's audio was in the cache already: only Gamma was sent.
    expect(taskPosts()).toBe(posts + 1);
    await expectExported(outDir, '1 Alpha', alpha);
    await expectExported(outDir, '3 Gamma', gamma);
    expect(await readFile(broken, 'utf8')).toBe(brokenText);
    expect((await readdir(outDir)).sort()).toEqual([
      '1 Alpha.srt',
      '1 Alpha.wav',
      '3 Gamma.srt',
      '3 Gamma.wav',
    ]);
  }, 180_000);

  it('with --generate, gets every block’s audio through failing downloads, submitting each batch once', async () => {
    const texts = Array.from({ length: 60 }, (_, index) => `Chapter line ${index + 1}, read aloud.`);
    const long = await saveProject('long.timbre', project('Long', texts));
    standin.injectFault({ mode: 'drop-before', pathPrefix: '/files/', every: 3, count: 8 });
    standin.injectFault({ mode: 'status', status: 503, pathPrefix: '/files/', every: 5, count: 2 });
    standin.injectFault({
      mode: 'status',
      status: 429,
      retryAfterS: 1,
      pathPrefix: '/files/',
      every: 11,
      count: 1,
    });
    const posts = taskPosts();
    const outDir = path.join(workDir, 'out-faults');
    const args = [
      'export',
      long,
      '--out',
      outDir,
      '--generate',
      '--token-env',
      TOKEN_VARIABLE,
      '--data',
      dataDir,
    ];
    const run = await timbre(args);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n').at(-1), run.stdout).toBe('1 exported, 0 failed');
    // The count of blocks goes by in tenths, to all 60. The earlier commands in this data folder sent tasks far
    // smaller than this one, too few to say how long a larger task takes: no time left is guessed until this
    // run's own audio arrives, then one is given.
    expect(run.stdout).toMatch(/\[1\/1\] Long: 0 of 60 blocks · estimating time left…\n/u);
    expect(run.stdout).toMatch(/\[1\/1\] Long: [1-5]\d of 60 blocks · about \d[^\n]* left\n/u);
    expect(run.stdout).toMatch(/\[1\/1\] Long: 60 of 60 blocks\n/u);
    expect(run.code).toBe(0);
    expect(standin.faults()).toEqual([]);
    // 60 blocks in tasks of at most 50: two submissions, each once.
    expect(taskPosts()).toBe(posts + 2);
    const exported = await readBack(long);
    expect(exported.tracks.speech.blocks.every((block) => block.generation.kind === 'generated')).toBe(true);

    // Nothing is missing now: a second run submits nothing.
    const again = await timbre([...args.slice(0, 3), path.join(workDir, 'out-faults-2'), ...args.slice(4)]);
    expect(again.code).toBe(0);
    expect(taskPosts()).toBe(posts + 2);
  }, 240_000);

  it('without --generate, names the blocks that lack audio and exits 1', async () => {
    const delta = await saveProject('delta.timbre', project('Delta', ['Not generated yet.']));
    const run = await timbre(['export', delta, '--out', path.join(workDir, 'out-3'), '--data', dataDir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /Delta: failed — 1 block has no current audio \(“Not generated yet\.”.*add --generate/,
    );
    expect(run.stdout.trim().split('\n').at(-1), run.stdout).toBe('0 exported, 1 failed');
  }, 60_000);

  it('leaves out a block whose task may already be charged, naming it and --confirm-charge-twice (issue 37)', async () => {
    const heldData = path.join(workDir, 'data-held');
    const generate = ['--generate', '--token-env', TOKEN_VARIABLE, '--data', heldData];
    const held = project('Held', ['Lost in the post.']);
    const file = await saveProject('held.timbre', held);
    // The service makes (and charges) the task, but its answer never comes back.
    standin.injectFault({ mode: 'drop-after', method: 'POST', pathPrefix: '/api/tts/generate' });
    const lost = await timbre(['export', file, '--out', path.join(workDir, 'out-held-1'), ...generate]);
    expect(lost.code, lost.stdout).toBe(1);
    const posts = taskPosts();

    // The same block again, with a new one: only the new one is sent, and the project fails saying why.
    const fresh = createTextBlock({ text: 'Sent all right.' });
    const speech = { blocks: [...held.tracks.speech.blocks, fresh] };
    await saveProject('held.timbre', { ...held, tracks: { ...held.tracks, speech } });
    const skipped = await timbre(['export', file, '--out', path.join(workDir, 'out-held-2'), ...generate]);
    expect(skipped.code, skipped.stdout).toBe(1);
    expect(skipped.stdout).toMatch(
      /Held: failed — 1 block was not sent, as it may be charged twice \(“Lost in the post\.”: Not sent, as it may be charged twice: its text is in task [0-9a-f-]+, and its answer was lost.+may charge ≈ 17 credits twice\. To send it anyway, run timbre again with --confirm-charge-twice/u,
    );
    expect(taskPosts()).toBe(posts + 1);
    const afterSkip = await readBack(file);
    expect(afterSkip.tracks.speech.blocks.map((block) => block.generation.kind)).toEqual([
      'failed',
      'generated',
    ]);

    const confirmed = await timbre([
      'export',
      file,
      '--out',
      path.join(workDir, 'out-held-3'),
      '--confirm-charge-twice',
      ...generate,
    ]);
    expect(confirmed.code, confirmed.stdout).toBe(0);
    expect(taskPosts()).toBe(posts + 2);

    const usage = await timbre(['--help']);
    expect(usage.stdout).toContain('--confirm-charge-twice');
    const alone = await timbre(['export', file, '--out', workDir, '--confirm-charge-twice']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--confirm-charge-twice applies with --generate only/u);
  }, 120_000);

  it('refuses a token given to --token-env in place of a name without printing it', async () => {
    const mistaken = 'sk_live_7f3a9c2b81';
    const run = await timbre(['export', 'x.timbre', '--out', workDir, '--generate', '--token-env', mistaken]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--token-env: the environment variable it names is not set/u);
    expect(run.stderr + run.stdout).not.toContain(mistaken);
  }, 60_000);

  it('refuses a bad flag with exit code 2, naming the flag and the rule', async () => {
    const run = await timbre(['export', 'x.timbre', '--out', workDir, '--format', 'mp3', '--bitrate', '100']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--bitrate must be one of 128, 160, 192, 224, 256, 320 kbps \(got 100\)/);
    expect(run.stdout).toBe('');
  }, 60_000);
});
