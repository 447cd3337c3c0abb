import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from '../../../common/project/send-context.js';
import { ProjectService } from '../projects/project-service.js';
import { blockState, readProjectFile, writeProjectFile } from '../../../common/project/index.js';
import { MemoryBatchStore } from './batch-store.js';
import type { BatchEvent, BatchView } from './batch-types.js';
import { gate, makeProject, writeProject } from './test-support/batch-fakes.js';
import {
  dir,
  projectsDir,
  outDir,
  exporter,
  generator,
  settings,
  openQueue,
  input,
  statuses,
  until,
  useQueueHarness,
} from './test-support/queue-harness.js';

useQueueHarness();

describe('BatchQueue', () => {
  it('exports projects one at a time in order, with progress and a summary', async () => {
    const a = await writeProject(projectsDir, 'a.timbre', makeProject('Alpha', ['One.'], true));
    const b = await writeProject(projectsDir, 'b.timbre', makeProject('Beta', ['Two.'], true));
    const queue = await openQueue();
    const events: BatchEvent[] = [];
    queue.onChange((event) => events.push(event));
    await queue.add(input([a, b], { nameTemplate: '{index} {title} {date}' }));
    queue.start();
    await queue.whenIdle();

    expect(exporter.calls.map((call) => path.basename(call.outputPath))).toEqual([
      '1 Alpha 2024-05-17.wav',
      '2 Beta 2024-05-17.wav',
    ]);
    const view = queue.view();
    expect(view.state).toBe('idle');
    expect(statuses(view)).toEqual(['Alpha:done', 'Beta:done']);
    expect(view.items[0]?.outputs?.subtitlePaths).toEqual([path.join(outDir, '1 Alpha 2024-05-17.srt')]);
    expect(view.overall).toMatchObject({ total: 2, done: 2, fraction: 1 });
    expect(await readdir(outDir)).toHaveLength(4);

    // One item at a time: at no event were two items running.
    for (const event of events) {
      if (event.type === 'changed') expect(event.view.overall.running).toBeLessThanOrEqual(1);
    }
    const progress = events.flatMap((event) => (event.type === 'progress' ? [event] : []));
    expect(progress.map((event) => event.item.phase)).toContain('exporting');
    const overall = progress.map((event) => event.overall.fraction);
    expect([...overall].sort((x, y) => x - y)).toEqual(overall);
    expect(queue.summary()).toMatchObject({ line: '2 exported, 0 failed', failed: [], cancelled: [] });
  });

  it('says idle only when the batch is over, never between one project and the next', async () => {
    const files = await Promise.all(
      ['One', 'Two', 'Three'].map((title) =>
        writeProject(projectsDir, `${title}.timbre`, makeProject(title, ['Words.'], true)),
      ),
    );
    const queue = await openQueue();
    const changes: BatchView[] = [];
    queue.onChange((event) => {
      if (event.type === 'changed') changes.push(event.view);
    });
    queue.start();
    await queue.add(input(files));
    await queue.whenIdle();
    expect(statuses(queue.view())).toEqual(['One:done', 'Two:done', 'Three:done']);
    // The view after the first project finished (one done, two still to go) is still a running batch.
    const between = changes.find((view) => view.overall.done === 1 && view.overall.running === 0);
    expect(between?.state).toBe('running');
    const idleWhileWorkLeft = changes.filter(
      (view) => view.state === 'idle' && view.items.some((item) => item.status === 'queued'),
    );
    expect(idleWhileWorkLeft.map((view) => statuses(view))).toEqual([]);
    expect(changes.at(-1)?.state).toBe('idle');
  });

  it('notes the blocks whose takes the checks flag, and exports them all the same', async () => {
    const project = makeProject('Checked', ['A line that trails off.'], true);
    const [block] = project.tracks.speech.blocks;
    if (!block || block.generation.kind !== 'generated') throw new Error('a generated block');
    const take = {
      cacheKey: block.generation.audio.cacheKey,
      contentHash: block.generation.contentHash,
      durationMs: 4_500,
      generatedAt: '2024-01-01T00:00:00.000Z',
      measures: {
        rmsDb: -20,
        clippedSamples: 0,
        leadingSilenceMs: 40,
        trailingSilenceMs: 3_000,
        longestPauseMs: 300,
        longestPauseAtMs: 500,
      },
    };
    const flagged = {
      ...project,
      tracks: { ...project.tracks, speech: { blocks: [{ ...block, takes: [take] }] } },
    };
    const filePath = await writeProject(projectsDir, 'checked.timbre', flagged);
    const queue = await openQueue();
    await queue.add(input([filePath]));
    queue.start();
    await queue.whenIdle();
    const done = queue.summary().done[0];
    expect(done?.warnings).toEqual([
      '1 block needs review — “A line that trails off.”: 3.0 s of silence after the speech ends.',
    ]);
    expect(exporter.calls).toHaveLength(1);
  });

  it('fails a damaged file with the reason, never writes it, and goes on with the others', async () => {
    const broken = path.join(projectsDir, 'broken.timbre');
    await writeProject(projectsDir, 'x.timbre', makeProject('X', []));
    await writeFile(broken, '{ "schemaVersion": 1, "title": ');
    const good = await writeProject(projectsDir, 'good.timbre', makeProject('Good', ['Fine.'], true));
    const queue = await openQueue();
    await queue.add(input([broken, good], { generateMissing: true }));
    queue.start();
    await queue.whenIdle();

    const summary = queue.summary();
    expect(summary.line).toBe('1 exported, 1 failed');
    expect(summary.failed[0]).toMatchObject({
      label: 'broken',
      error: { code: 'PROJECT_UNREADABLE', message: expect.stringMatching(/not valid JSON/) },
    });
    expect(await readFile(broken, 'utf8')).toBe('{ "schemaVersion": 1, "title": ');
    expect(generator.calls).toEqual(['Good']);
  });

  it('without generation, a project lacking audio fails naming its blocks; with it, it is generated, saved and exported', async () => {
    const filePath = await writeProject(
      projectsDir,
      'talk.timbre',
      makeProject('Talk', ['Hello there.', 'Bye.']),
    );
    const queue = await openQueue();
    await queue.add(input([filePath]));
    queue.start();
    await queue.whenIdle();
    const failed = queue.summary().failed[0];
    expect(failed?.error).toMatchObject({
      code: 'NOT_READY',
      blocks: [{ label: 'Hello there.' }, { label: 'Bye.' }],
    });
    expect(failed?.error.message).toMatch(/2 blocks have no current audio/);
    expect(generator.calls).toEqual([]);

    await queue.add(input([filePath], { generateMissing: true }));
    await queue.whenIdle();
    expect(generator.calls).toEqual(['Talk']);
    expect(queue.summary().done).toHaveLength(1);
    const saved = readProjectFile(await readFile(filePath, 'utf8'));
    if (!saved.ok) throw new Error(saved.message);
    expect(
      saved.project.tracks.speech.blocks.map((block) =>
        blockState(block, defaultsOnlyContext(saved.project.defaults)),
      ),
    ).toEqual(['generated', 'generated']);
  });

  it('records generated audio in a project file of an older format, converting it and keeping the original beside it', async () => {
    // A file of format 3, as every project written before format 5 is.
    const v3 = {
      ...(JSON.parse(writeProjectFile(makeProject('Talk', ['Hello.', 'Bye.']))) as object),
      schemaVersion: 3,
    };
    const filePath = path.join(projectsDir, 'talk.timbre');
    const original = `${JSON.stringify(v3, null, 2)}\n`;
    await mkdir(projectsDir, { recursive: true });
    await writeFile(filePath, original, { mode: 0o644 });
    const queue = await openQueue();
    await queue.add(input([filePath], { generateMissing: true }));
    queue.start();
    await queue.whenIdle();

    expect(generator.calls).toEqual(['Talk']);
    const [done] = queue.summary().done;
    // Issue 36: "not updated: the file is in an older format", and the audio was recorded only in the cache.
    expect(done?.warnings).toEqual([]);
    const saved = readProjectFile(await readFile(filePath, 'utf8'));
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.migratedFrom).toBeUndefined();
    expect(
      saved.project.tracks.speech.blocks.map((block) =>
        blockState(block, defaultsOnlyContext(saved.project.defaults)),
      ),
    ).toEqual(['generated', 'generated']);
    // As the editor does: the original, for the version that wrote it, beside it, with the file's permissions.
    expect(await readFile(`${filePath}.v3`, 'utf8')).toBe(original);
    if (process.platform !== 'win32') expect((await stat(filePath)).mode & 0o777).toBe(0o644);
  });

  it('reports generation failures with the request id and keeps the states it learned in the file', async () => {
    const filePath = await writeProject(projectsDir, 'talk.timbre', makeProject('Talk', ['Good.', 'Bad.']));
    generator.failTexts = ['Bad.'];
    const queue = await openQueue();
    await queue.add(input([filePath], { generateMissing: true }));
    queue.start();
    await queue.whenIdle();
    expect(queue.summary().failed[0]?.error).toMatchObject({
      code: 'GENERATION_FAILED',
      requestId: 'req-1',
      message: expect.stringMatching(/1 block could not be generated \(“Bad\.”: voice refused\)/),
    });
    const saved = readProjectFile(await readFile(filePath, 'utf8'));
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.project.tracks.speech.blocks.map((block) => block.generation.kind)).toEqual([
      'generated',
      'failed',
    ]);
    expect(exporter.calls).toEqual([]);
  });

  it('fails a project whose blocks were left out as they may be charged twice, saying so (issue 37)', async () => {
    const filePath = await writeProject(projectsDir, 'talk.timbre', makeProject('Talk', ['Good.', 'Lost.']));
    generator.failTexts = ['Lost.'];
    // As GenerationService.generateAndWait leaves a block whose text is in a task whose answer was lost.
    generator.failure = {
      code: 'MAY_CHARGE_TWICE',
      message:
        'Not sent, as it may be charged twice: its text is in task j-1, and its answer was lost; sending it ' +
        'again may charge ≈ 5 credits twice. To have it generated, dismiss that task on the Tasks page.',
    };
    const queue = await openQueue();
    await queue.add(input([filePath], { generateMissing: true }));
    queue.start();
    await queue.whenIdle();
    const error = queue.summary().failed[0]?.error;
    expect(error).toMatchObject({ code: 'GENERATION_FAILED', blocks: [{ label: 'Lost.' }] });
    expect(error?.message).toMatch(
      /^1 block was not sent, as it may be charged twice \(“Lost\.”: Not sent.+task j-1.+≈ 5 credits twice.+Tasks page\.\)\.$/u,
    );
    expect(exporter.calls).toEqual([]);
  });

  it('does not write over a project file changed while the batch worked on it, and says so', async () => {
    const filePath = await writeProject(projectsDir, 'talk.timbre', makeProject('Talk', ['Hello.']));
    const held = gate();
    generator.gates = [held];
    const queue = await openQueue();
    await queue.add(input([filePath], { generateMissing: true }));
    queue.start();
    await until(queue, (view) => view.items[0]?.progress?.phase === 'generating');
    // The generator's count reaches the view: blocks done of those waited for, and the time left.
    expect(queue.view().items[0]?.progress).toMatchObject({
      generation: { doneBlocks: 1, totalBlocks: 2, secondsLeft: 3 },
    });
    expect(queue.view().items[0]?.progress?.fraction).toBeCloseTo(0.02 + 0.48 / 2, 5);
    const edited = `${await readFile(filePath, 'utf8')}\n`;
    await writeFile(filePath, edited);
    held.open();
    await queue.whenIdle();

    const done = queue.summary().done[0];
    expect(done?.warnings[0]).toMatch(/not updated.*changed by something else meanwhile/);
    expect(await readFile(filePath, 'utf8')).toBe(edited);
  });

  it('names outputs without collisions: same titles, letter case, existing files; overwrite replaces files on disk only', async () => {
    const paths = await Promise.all(
      ['one', 'two', 'three'].map((name, index) =>
        writeProject(
          projectsDir,
          `${name}.timbre`,
          makeProject(index === 2 ? 'EPISODE' : 'Episode', ['Hi.'], true),
        ),
      ),
    );
    const queue = await openQueue();
    await queue.add(input(paths));
    queue.start();
    await queue.whenIdle();
    expect(exporter.calls.map((call) => path.basename(call.outputPath))).toEqual([
      'Episode.wav',
      'Episode (2).wav',
      'EPISODE (3).wav',
    ]);

    // A file already there (only a subtitle file, even) keeps its name.
    const fresh = await writeProject(
      projectsDir,
      'fresh.timbre',
      makeProject('Fresh: the return', ['Hi.'], true),
    );
    await writeFile(path.join(outDir, 'Fresh - the return.srt'), 'old');
    await queue.add(input([fresh]));
    await queue.whenIdle();
    expect(path.basename(exporter.calls[3]?.outputPath ?? '')).toBe('Fresh - the return (2).wav');

    // Overwriting replaces files from before, never another output of the batch.
    await queue.clearFinished();
    exporter.calls.splice(0);
    await queue.add(input([paths[0] ?? '', paths[1] ?? '', fresh], { overwrite: true }));
    await queue.whenIdle();
    expect(exporter.calls.map((call) => [path.basename(call.outputPath), call.overwrite])).toEqual([
      ['Episode.wav', true],
      ['Episode (2).wav', true],
      ['Fresh - the return.wav', true],
    ]);
    expect(await readFile(path.join(outDir, 'Fresh - the return.srt'), 'utf8')).toBe('Fresh: the return\n');
  });

  it('refuses bad input naming the field', async () => {
    const queue = await openQueue();
    await expect(queue.add(input(['/x.timbre'], { nameTemplate: '{title} {name}' }))).rejects.toMatchObject({
      data: {
        code: 'INVALID_INPUT',
        field: 'nameTemplate',
        message: expect.stringMatching(/unknown placeholder \{name\}/),
      },
    });
    await expect(queue.add({ ...input(['/x.timbre']), destination: 'relative/out' })).rejects.toMatchObject({
      data: { field: 'destination' },
    });
    await expect(
      queue.add(
        input(['/x.timbre'], {
          settings: {
            ...settings,
            sampleRate: 44_100,
            options: { ...settings.options, audio: { format: 'mp3', bitrateKbps: 100 as 128 } },
          },
        }),
      ),
    ).rejects.toMatchObject({ data: { field: 'settings.options.audio.bitrateKbps' } });
    expect(queue.view().items).toEqual([]);
  });

  it('shows waiting items by their project titles, not their file names', async () => {
    const library = new ProjectService({ dataDir: dir });
    const created = await library.create({ title: 'The Long Book', serviceUrl: 'http://127.0.0.1:9' });
    const fromFile = await writeProject(
      projectsDir,
      'long-book-copy-8e0147.timbre',
      makeProject('A Copy', ['Hi.']),
    );
    const damaged = path.join(projectsDir, 'damaged.timbre');
    await writeFile(damaged, 'not json');
    const queue = await openQueue(new MemoryBatchStore(), { library, projectsDir: library.projectsDir });
    const events: BatchView[] = [];
    queue.onChange((event) => {
      if (event.type === 'changed') events.push(event.view);
    });
    await queue.pause();
    const added = await queue.add(
      input([path.join(library.projectsDir, created.fileName), fromFile, damaged]),
    );
    // Added at once under their file names; the titles follow as soon as the files are read.
    expect(added.items.map((item) => item.label)).toEqual([
      created.fileName.replace(/\.timbre$/u, ''),
      'long-book-copy-8e0147',
      'damaged',
    ]);
    const view = await until(queue, (current) => current.items[0]?.label === 'The Long Book');
    expect(view.items.map((item) => `${item.label}:${item.status}`)).toEqual([
      'The Long Book:queued',
      'A Copy:queued',
      'damaged:queued',
    ]);
    expect(events.at(-1)?.items.map((item) => item.label)).toEqual(['The Long Book', 'A Copy', 'damaged']);
  });

  it('saves projects of the projects folder through ProjectService (with its backup)', async () => {
    const library = new ProjectService({ dataDir: dir });
    const created = await library.create({ title: 'Library one', serviceUrl: 'http://127.0.0.1:9' });
    const libraryPath = path.join(library.projectsDir, created.fileName);
    const withBlock = makeProject('Library one', ['Words.']);
    await library.save(created.fileName, { ...withBlock, id: created.project.id });
    const queue = await openQueue(new MemoryBatchStore(), { library, projectsDir: library.projectsDir });
    const added = await queue.add(input([libraryPath], { generateMissing: true }));
    expect(added.items[0]?.source).toEqual({ kind: 'library', fileName: created.fileName });
    queue.start();
    await queue.whenIdle();
    expect(queue.summary().line).toBe('1 exported, 0 failed');
    const opened = await library.open(created.fileName);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.project.tracks.speech.blocks[0]?.generation.kind).toBe('generated');
    expect(await readdir(library.projectsDir)).toContain(`${created.fileName}.bak`);
  });
});
