import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonBatchStore } from './batch-store.js';
import { gate, makeProject, writeProject } from './test-support/batch-fakes.js';
import {
  dir,
  projectsDir,
  outDir,
  exporter,
  openQueue,
  input,
  statuses,
  until,
  useQueueHarness,
} from './test-support/queue-harness.js';

useQueueHarness();

describe('BatchQueue: pause, cancel, retry, restart', () => {
  it('pauses after the running item, and resumes', async () => {
    const paths = await Promise.all(
      ['A', 'B', 'C'].map((title) =>
        writeProject(projectsDir, `${title}.timbre`, makeProject(title, ['Hi.'], true)),
      ),
    );
    const held = gate();
    exporter.gates = [held];
    const queue = await openQueue();
    await queue.add(input(paths));
    queue.start();
    await until(queue, (view) => view.items[0]?.status === 'running');
    const pausing = await queue.pause();
    expect(pausing.state).toBe('pausing');
    held.open();
    await queue.whenIdle();
    expect(queue.view().state).toBe('paused');
    expect(statuses(queue.view())).toEqual(['A:done', 'B:queued', 'C:queued']);
    expect(queue.summary().line).toBe('1 exported, 0 failed, 2 waiting (paused)');

    await queue.resume();
    await queue.whenIdle();
    expect(statuses(queue.view())).toEqual(['A:done', 'B:done', 'C:done']);
  });

  it('pausing at once puts the running item back in the queue; it starts over on resume', async () => {
    const filePath = await writeProject(projectsDir, 'a.timbre', makeProject('A', ['Hi.'], true));
    exporter.gates = [gate()];
    const queue = await openQueue();
    await queue.add(input([filePath]));
    queue.start();
    await until(queue, (view) => view.items[0]?.progress?.phase === 'exporting');
    const paused = await queue.pause({ cancelCurrent: true });
    expect(paused.state).toBe('paused');
    expect(paused.items[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await readdir(outDir)).toEqual([]);

    await queue.resume();
    await queue.whenIdle();
    expect(queue.view().items[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('cancels a queued item and the running one, and retries them', async () => {
    const paths = await Promise.all(
      ['A', 'B'].map((title) =>
        writeProject(projectsDir, `${title}.timbre`, makeProject(title, ['Hi.'], true)),
      ),
    );
    exporter.gates = [gate()];
    const queue = await openQueue();
    const added = await queue.add(input(paths));
    const [first, second] = added.items;
    if (!first || !second) throw new Error('two items');
    queue.start();
    await until(queue, (view) => view.items[0]?.progress?.phase === 'exporting');
    await queue.cancel(second.id);
    await queue.cancel(first.id);
    await queue.whenIdle();
    expect(statuses(queue.view())).toEqual(['A:cancelled', 'B:cancelled']);
    expect(queue.summary().line).toBe('0 exported, 0 failed, 2 cancelled');
    await expect(queue.cancel(first.id)).rejects.toMatchObject({ data: { code: 'CONFLICT' } });

    await queue.retry(first.id);
    await queue.whenIdle();
    expect(statuses(queue.view())).toEqual(['A:done', 'B:cancelled']);
    await expect(queue.retry(first.id)).rejects.toMatchObject({ data: { code: 'CONFLICT' } });
  });

  it('retries a failed item after the cause is fixed', async () => {
    const filePath = path.join(projectsDir, 'late.timbre');
    const queue = await openQueue();
    await queue.add(input([filePath]));
    queue.start();
    await queue.whenIdle();
    const [item] = queue.view().items;
    expect(item?.error).toMatchObject({
      code: 'PROJECT_UNREADABLE',
      message: expect.stringMatching(/does not exist/),
    });

    await writeProject(projectsDir, 'late.timbre', makeProject('Late', ['Now.'], true));
    await queue.retry(item?.id ?? '');
    await queue.whenIdle();
    expect(queue.view().items[0]).toMatchObject({ status: 'done', label: 'Late', attempts: 2 });
    expect(queue.view().items[0]?.error).toBeUndefined();
  });

  it('survives a crash: the item that was running starts again from the beginning', async () => {
    const paths = await Promise.all(
      ['A', 'B'].map((title) =>
        writeProject(projectsDir, `${title}.timbre`, makeProject(title, ['Hi.'], true)),
      ),
    );
    const queueFile = path.join(dir, 'batch-queue.json');
    exporter.gates = [gate()];
    const first = await openQueue(new JsonBatchStore(queueFile));
    await first.add(input(paths));
    first.start();
    await until(first, (view) => view.items[0]?.progress?.phase === 'exporting');
    // The file as a crash at this moment would leave it.
    const crashed = path.join(dir, 'crashed.json');
    await writeFile(crashed, await readFile(queueFile));
    expect(JSON.parse(await readFile(crashed, 'utf8'))).toMatchObject({
      items: [{ status: 'running' }, { status: 'queued' }],
    });

    exporter.gates = [];
    const second = await openQueue(new JsonBatchStore(crashed));
    expect(statuses(second.view())).toEqual(['A:queued', 'B:queued']);
    expect(second.view().items[0]?.warnings).toEqual([
      expect.stringMatching(/Started again from the beginning/),
    ]);
    second.start();
    await second.whenIdle();
    expect(second.view().items.map((item) => [item.status, item.attempts])).toEqual([
      ['done', 2],
      ['done', 1],
    ]);
    // Nothing was half-written by the interrupted run: only the two exports (and their subtitles).
    expect((await readdir(outDir)).sort()).toEqual(['A.srt', 'A.wav', 'B.srt', 'B.wav']);
  });

  it('keeps a paused queue paused across a restart, and a closed queue puts its running item back', async () => {
    const filePath = await writeProject(projectsDir, 'a.timbre', makeProject('A', ['Hi.'], true));
    const queueFile = path.join(dir, 'batch-queue.json');
    exporter.gates = [gate()];
    const first = await openQueue(new JsonBatchStore(queueFile));
    await first.add(input([filePath]));
    first.start();
    await until(first, (view) => view.items[0]?.progress?.phase === 'exporting');
    await first.pause();
    await first.close();
    const reopened = await openQueue(new JsonBatchStore(queueFile));
    reopened.start();
    expect(reopened.view()).toMatchObject({ state: 'paused', items: [{ status: 'queued', attempts: 1 }] });
    await reopened.resume();
    await reopened.whenIdle();
    expect(reopened.view().items[0]?.status).toBe('done');
  });
});

describe('JsonBatchStore', () => {
  it('moves an unreadable file aside and drops invalid entries', async () => {
    const file = path.join(dir, 'batch-queue.json');
    await writeFile(file, 'not json');
    expect(await new JsonBatchStore(file).load()).toEqual({ paused: false, items: [] });
    expect((await readdir(dir)).some((name) => name.startsWith('batch-queue.json.damaged-'))).toBe(true);

    await writeFile(file, JSON.stringify({ version: 1, paused: true, items: [{ id: 'x' }] }));
    expect(await new JsonBatchStore(file).load()).toEqual({ paused: true, items: [] });
  });
});
