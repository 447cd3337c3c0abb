import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createProject, writeProjectFile } from '../../../common/project/index.js';
import { sendContext } from '../../../common/project/send-context.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import { listedFigures } from './listed-figures.js';
import { defaultListWorkerEntry, ListWorkers } from './list-workers.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const NO_RULES = new Map<string, readonly LexiconRule[]>();

describe('ListWorkers', () => {
  it('counts project files in a worker thread as main counts them, and tells a damaged one', async () => {
    const workers = new ListWorkers(defaultListWorkerEntry(), NO_RULES, 1);
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

  it('counts with the pronunciation rules it was given for the project’s service', async () => {
    const serviceUrl = 'https://ruled.example';
    const rules: readonly LexiconRule[] = [
      { id: 'r1', term: 'Alpha', replacement: 'Alfalfa alfalfa', wholeWord: true, caseSensitive: false },
    ];
    const workers = new ListWorkers(defaultListWorkerEntry(), new Map([[serviceUrl, rules]]), 1);
    try {
      const project = createProject({ title: 'Ruled', serviceUrl, textBlocks: ['Alpha and omega.'] });
      const counted = await workers.count(encode(writeProjectFile(project)));
      expect(counted).toEqual({
        ok: true,
        figures: listedFigures(project, sendContext(project, rules)),
        serviceUrl,
      });
      // "Alpha" sent as "Alfalfa alfalfa": ten characters more than the text as written.
      expect(counted.ok && counted.figures.characterCount).toBe('Alpha and omega.'.length + 10);
    } finally {
      await workers.close();
    }
  });

  it('has room for as many files as it holds at once, and fails what it holds when closed', async () => {
    const workers = new ListWorkers(defaultListWorkerEntry(), NO_RULES, 1);
    expect(workers.parallel).toBe(3);
    expect(workers.hasRoom()).toBe(true);
    const bytes = encode(writeProjectFile(createProject({ title: 'Held', textBlocks: ['Text.'] })));
    const held = [workers.count(bytes), workers.count(bytes)];
    // Two sent to the one worker: a third would wait, so the listing counts it itself.
    expect(workers.hasRoom()).toBe(false);
    const waiting = expect(workers.count(bytes)).rejects.toThrow('The list workers were closed');
    const settled = Promise.allSettled(held);
    await workers.close();
    await waiting;
    for (const result of await settled) {
      // Each was either counted before the close or failed by it; none is left hanging.
      if (result.status === 'fulfilled')
        expect(result.value).toMatchObject({ ok: true, figures: { title: 'Held' } });
      else expect(String(result.reason)).toContain('The list workers were closed');
    }
    expect(workers.hasRoom()).toBe(false);
    await expect(workers.count(bytes)).rejects.toThrow('No list worker is running');
  });

  it('fails the files it was given when its worker cannot start, or ends while counting', async () => {
    const missing = new ListWorkers(new URL('file:///nonexistent/list-worker.mjs'), NO_RULES, 1);
    try {
      await expect(missing.count(encode('{}'))).rejects.toThrow();
      expect(missing.hasRoom()).toBe(false);
    } finally {
      await missing.close();
    }
    // A worker that ends on its first file (as one running out of memory would).
    const folder = await mkdtemp(path.join(tmpdir(), 'timbre-list-worker-'));
    const ending = path.join(folder, 'ending-worker.mjs');
    await writeFile(
      ending,
      "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', (m) => { if (m.type === 'count') process.exit(3); });\n",
    );
    const workers = new ListWorkers(pathToFileURL(ending), NO_RULES, 1);
    try {
      await expect(workers.count(encode('{}'))).rejects.toThrow('A list worker ended (exit code 3)');
      await expect(workers.count(encode('{}'))).rejects.toThrow('No list worker is running');
    } finally {
      await workers.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('ends a worker sent a message it does not know, failing what it held, rather than leave it unanswered', async () => {
    const workers = new ListWorkers(defaultListWorkerEntry(), NO_RULES, 1);
    try {
      // What a bug in main would send: no answer could name the file it was about.
      (
        workers as unknown as { slots: { channel: { send(message: unknown): void } }[] }
      ).slots[0]!.channel.send({
        type: 'count',
        id: -1,
        bytes: 'not bytes',
      });
      // Sent after it: the worker has ended by the time it would count it.
      await expect(workers.count(encode('{}'))).rejects.toThrow('got a message it does not know');
      expect(workers.hasRoom()).toBe(false);
    } finally {
      await workers.close();
    }
  });
});
