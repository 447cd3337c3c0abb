import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutTimeline } from '../../common/project/index.js';
import { contextOf } from '../../common/project/test-support.js';
import { probeFile } from '../services/export/test-support/media-tools.js';
import { expectExported, parseSrt, wavDurationMs } from './test-support/exported-audio.js';
import { TOKEN_VARIABLE, readBack, timbre, useCliWorld } from './test-support/timbre-process.js';

/**
 * The real `timbre export` process against the stand-in: what it generates and exports, its exit codes and
 * summary. The tests share one data folder and run in order (a later one reuses an earlier one's audio).
 */
const world = useCliWorld();
const { project, saveProject, taskPosts } = world;

describe('timbre export × stand-in', () => {
  it('generates what is missing, exports every project and exits 0', async () => {
    const alpha = await saveProject(
      'alpha.timbre',
      project('Alpha', ['Welcome to the show.', 'Rivers run to the sea.']),
    );
    const beta = await saveProject('beta.timbre', project('Beta: part two', ['Mountains are old.']));
    const outDir = path.join(world.workDir, 'out-1');
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
      world.dataDir,
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
    // The app's batch queue, look-ahead included (issue 42): Beta's task went out before Alpha's file was written.
    const betaPost = world.standin
      .ledger({ kind: 'task' })
      .find((entry) => entry.method === 'POST' && String(entry.summary['textPreview']).includes('Mountains'));
    const alphaWritten = (await stat(path.join(outDir, 'Alpha.wav'))).mtimeMs;
    expect(Date.parse(betaPost?.at ?? '')).toBeLessThan(alphaWritten);

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
    const outDir = path.join(world.workDir, 'out-book');
    const common = ['--generate', '--token-env', TOKEN_VARIABLE, '--data', world.dataDir];
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
    // An MP3 with chapters lays each chapter on whole MP3 frames (export/part-reuse/README.md): a chapter starts
    // after the chapters before it, each rounded up to 1,152 samples at 44.1 kHz.
    const aligned = starts.map((_, index) =>
      starts
        .slice(0, index)
        .reduce(
          (sum, start, at) => sum + Math.ceil(Math.round((starts[at + 1]! - start) * 44_100) / 1152) * 1152,
          0,
        ),
    );
    probed.chapters.forEach((chapter, index) => {
      expect(Number(chapter.start_time)).toBeCloseTo(aligned[index]! / 44_100, 2);
    });
    expect(probed.format.tags).toMatchObject({ title: 'The Book', artist: 'A. Writer' });

    const splitDir = path.join(world.workDir, 'out-book-split');
    const splitArgs = ['export', book, '--out', splitDir, '--split', 'chapters', '--srt'];
    const split = await timbre([...splitArgs, '--chapter-name', '{n} - {title}', ...common]);
    expect(split.code, split.stdout).toBe(0);
    expect(await readdir(splitDir)).toEqual(['The Book']);
    const files = (await readdir(path.join(splitDir, 'The Book'))).sort();
    expect(files).toEqual([
      '.timbre-chapters.json',
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
    // Exported again over that folder: nothing changed, so every chapter file (and its subtitles) is kept as it
    // was; --all-chapters writes them all again.
    const stamps = () =>
      Promise.all(files.map(async (name) => (await stat(path.join(splitDir, 'The Book', name))).mtimeMs));
    const before = await stamps();
    const again = await timbre([...splitArgs, '--chapter-name', '{n} - {title}', '--overwrite', ...common]);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('note: Kept all 3 chapters unchanged; none was written again.');
    expect((await stamps()).slice(1)).toEqual(before.slice(1));
    const all = await timbre([
      ...splitArgs,
      '--chapter-name',
      '{n} - {title}',
      '--overwrite',
      '--all-chapters',
      ...common,
    ]);
    expect(all.code, all.stdout).toBe(0);
    expect(all.stdout).toContain('note: Wrote all 3 chapters.');
  }, 180_000);

  it('exports the good projects of a batch with a broken one, and exits 1 naming the failure', async () => {
    const alpha = path.join(world.projectsDir, 'alpha.timbre'); // generated by the previous test
    const gamma = await saveProject('gamma.timbre', project('Gamma', ['A short story, told twice.']));
    const broken = path.join(world.projectsDir, 'broken.timbre');
    const brokenText = '{ "schemaVersion": 1, "title": "Bro';
    await writeFile(broken, brokenText);
    const posts = taskPosts();
    const outDir = path.join(world.workDir, 'out-2');
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
      world.dataDir,
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
    world.standin.injectFault({ mode: 'drop-before', pathPrefix: '/files/', every: 3, count: 8 });
    world.standin.injectFault({ mode: 'status', status: 503, pathPrefix: '/files/', every: 5, count: 2 });
    world.standin.injectFault({
      mode: 'status',
      status: 429,
      retryAfterS: 1,
      pathPrefix: '/files/',
      every: 11,
      count: 1,
    });
    const posts = taskPosts();
    const outDir = path.join(world.workDir, 'out-faults');
    const args = [
      'export',
      long,
      '--out',
      outDir,
      '--generate',
      '--token-env',
      TOKEN_VARIABLE,
      '--data',
      world.dataDir,
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
    expect(world.standin.faults()).toEqual([]);
    // 60 blocks in tasks of at most 50: two submissions, each once.
    expect(taskPosts()).toBe(posts + 2);
    const exported = await readBack(long);
    expect(exported.tracks.speech.blocks.every((block) => block.generation.kind === 'generated')).toBe(true);

    // Nothing is missing now: a second run submits nothing.
    const again = await timbre([
      ...args.slice(0, 3),
      path.join(world.workDir, 'out-faults-2'),
      ...args.slice(4),
    ]);
    expect(again.code).toBe(0);
    expect(taskPosts()).toBe(posts + 2);
  }, 240_000);

  it('without --generate, names the blocks that lack audio and exits 1', async () => {
    const delta = await saveProject('delta.timbre', project('Delta', ['Not generated yet.']));
    const run = await timbre([
      'export',
      delta,
      '--out',
      path.join(world.workDir, 'out-3'),
      '--data',
      world.dataDir,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /Delta: failed — 1 block has no current audio \(“Not generated yet\.”.*add --generate/,
    );
    expect(run.stdout.trim().split('\n').at(-1), run.stdout).toBe('0 exported, 1 failed');
  }, 60_000);
});
