import { describe, expect, it } from 'vitest';
import { createProject, writeProjectFile } from '../../../common/project/index.js';
import { sendContext } from '../../../common/project/send-context.js';
import { listedFigures } from './listed-figures.js';
import { defaultListWorkerEntry, ListWorkers } from './list-workers.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('ListWorkers', () => {
  it('counts project files in a worker thread as main counts them, and tells a damaged one', async () => {
    const workers = new ListWorkers(defaultListWorkerEntry(), 1);
    try {
      const project = createProject({
        title: 'Counted elsewhere',
        textBlocks: ['One line with é.', 'Another, with an emoji 😀.', 'A third.'],
      });
      const [counted, damaged, newer] = await Promise.all([
        workers.count(encode(writeProjectFile(project))),
        workers.count(encode('{"schemaVersion": 1, "title": ')),
        workers.count(encode(JSON.stringify({ schemaVersion: 999, title: 'From the future' }))),
      ]);
      expect(counted).toEqual({
        ok: true,
        figures: listedFigures(project, sendContext(project, [])),
        serviceUrl: undefined,
      });
      expect(counted.ok && counted.figures).toMatchObject({ title: 'Counted elsewhere', blockCount: 3 });
      expect(damaged).toMatchObject({ ok: false, problem: 'not-json' });
      expect(newer).toMatchObject({ ok: false, problem: 'newer-version' });
    } finally {
      await workers.close();
    }
  });

  it('has room for as many files as it holds at once, and fails what it holds when closed', async () => {
    const workers = new ListWorkers(defaultListWorkerEntry(), 1);
    expect(workers.parallel).toBe(3);
    expect(workers.hasRoom()).toBe(true);
    const bytes = encode(writeProjectFile(createProject({ title: 'Held', textBlocks: ['Text.'] })));
    const held = [workers.count(bytes), workers.count(bytes)];
    // Two sent to the one worker: a third would wait, so the listing counts it itself.
    expect(workers.hasRoom()).toBe(false);
    const waiting = expect(workers.count(bytes)).rejects.toThrow('closed');
    const settled = Promise.allSettled(held);
    await workers.close();
    await waiting;
    for (const result of await settled) {
      // Each was either counted before the close or failed by it; none is left hanging.
      expect(result.status === 'fulfilled' ? result.value.ok : String(result.reason)).toBeTruthy();
    }
    expect(workers.hasRoom()).toBe(false);
    await expect(workers.count(bytes)).rejects.toThrow('No list worker is running');
  });

  it('fails the files it was given when its worker cannot start', async () => {
    const workers = new ListWorkers(new URL('file:///nonexistent/list-worker.mjs'), 1);
    try {
      await expect(workers.count(encode('{}'))).rejects.toThrow();
      expect(workers.hasRoom()).toBe(false);
    } finally {
      await workers.close();
    }
  });
});
