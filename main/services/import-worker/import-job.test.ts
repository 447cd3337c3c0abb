import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runImportJob } from './import-job.js';
import type { ImportOutbound, ImportStart, WorkerPhase } from './import-protocol.js';

/**
 * The progress a run reports, run in this thread (the worker's messages are the io's): it only goes forward, from
 * the first phase to the last, so the dialog's percentage never goes back.
 */
type Progress = { phase: WorkerPhase; fraction: number };

async function progressOf(start: ImportStart): Promise<{ progress: Progress[]; last: ImportOutbound }> {
  const messages: ImportOutbound[] = [];
  await runImportJob(start, {
    send: (message) => messages.push(message),
    askToBuild: () =>
      Promise.resolve({ type: 'build', id: 1, title: 'Harbour', createdAt: new Date(0).toISOString() }),
  });
  const progress = messages.flatMap((message) => (message.type === 'progress' ? [message] : []));
  const last = messages.at(-1);
  if (!last) throw new Error('the job sent nothing');
  return { progress: progress.map(({ phase, fraction }) => ({ phase, fraction })), last };
}

function expectForward(progress: Progress[]): void {
  const fractions = progress.map((step) => step.fraction);
  expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  expect(Math.min(...fractions)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...fractions)).toBeLessThanOrEqual(1);
}

/** 45,000 one-line paragraphs: more blocks than one project holds (20,000), so the import makes 3 parts. */
const longScript = Array.from({ length: 45_000 }, (_, line) => `Line ${line} of the harbour log.`).join(
  '\n\n',
);

describe('import job progress', () => {
  it('a preview fills its own scale: splitting, its last phase, starts past the middle', async () => {
    const { progress, last } = await progressOf({
      type: 'start',
      kind: 'preview',
      source: { type: 'text', text: longScript },
    });
    expect(last.type).toBe('preview');
    expect(progress.map((step) => step.phase)).toEqual(['parsing', 'splitting']);
    expectForward(progress);
    // Parsing is most of a preview's time; splitting is its last quarter, not the middle of an import's scale.
    expect(progress.at(-1)?.fraction).toBeGreaterThanOrEqual(0.75);
  });

  it('an import of several parts goes forward to 100%, counting each part it checks', async () => {
    const { progress, last } = await progressOf({
      type: 'start',
      kind: 'import',
      source: { type: 'text', text: longScript },
    });
    expect(last.type === 'built' && last.parts.length).toBe(3);
    expectForward(progress);
    const checking = progress.filter((step) => step.phase === 'checking');
    expect(checking).toHaveLength(3);
    expect(checking.at(-1)?.fraction).toBe(1);
  });
});

describe('pasted subtitles', () => {
  it('are imported as timed blocks, one per cue, in their speakers’ lanes', async () => {
    const { last } = await progressOf({
      type: 'start',
      kind: 'import',
      source: {
        type: 'text',
        text: '1\n00:00:01,000 --> 00:00:02,000\nANNA: Hallo.\n\n2\n00:00:01,500 --> 00:00:03,000\nBEN: Na?\n',
      },
      reading: { speakerLabels: true, quotedDialogue: false },
    });
    if (last.type !== 'built') throw new Error(`the import ended with ${last.type}`);
    const blocks = last.first.tracks.speech.blocks;
    expect(blocks.map((block) => (block.type === 'text' ? [block.text, block.timing] : null))).toEqual([
      ['Hallo.', { startMs: 1000, cueEndMs: 2000, lane: 0, fit: 'fixed' }],
      ['Na?', { startMs: 1500, cueEndMs: 3000, lane: 1, fit: 'fixed' }],
    ]);
  });
});

describe('a revised manuscript', () => {
  it('is read from its file into the blocks an import would make, sent only when asked for', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'timbre-revision-'));
    const filePath = path.join(folder, 'staged');
    await writeFile(filePath, '# Chapter One\n\nThe harbour lay quiet.\n\nMARA: One boat short.\n');
    const start = (withBlocks?: boolean): ImportStart => ({
      type: 'start',
      kind: 'preview',
      source: { type: 'file', filePath, fileName: 'Harbour (revised).md' },
      reading: { speakerLabels: true, quotedDialogue: false },
      ...(withBlocks === undefined ? {} : { withBlocks }),
    });
    try {
      const { last } = await progressOf(start(true));
      if (last.type !== 'preview') throw new Error(`the preview ended with ${last.type}`);
      expect(last.blocks).toEqual([
        { text: 'Chapter One', chapterTitle: 'Chapter One' },
        { text: 'The harbour lay quiet.' },
        { text: 'One boat short.', speaker: 'Mara' },
      ]);
      expect(last.preview.blockCount).toBe(3);
      const plain = await progressOf(start());
      expect(plain.last.type === 'preview' && plain.last.blocks).toBeUndefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
