import { describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../common/export/index.js';
import type { BatchItemView, BatchView } from '../services/batch/index.js';
import { summaryLine } from '../services/batch/index.js';
import { ProgressPrinter } from './cli-progress.js';

function item(id: string, label: string, more: Partial<BatchItemView> = {}): BatchItemView {
  return {
    id,
    source: { kind: 'path', path: `/p/${id}.timbre` },
    label,
    destination: '/out',
    nameTemplate: '{title}',
    index: 1,
    count: 2,
    settings: defaultProjectExportSettings,
    generateMissing: false,
    overwrite: false,
    status: 'queued',
    attempts: 0,
    addedAt: '2024-01-01T00:00:00.000Z',
    warnings: [],
    ...more,
  };
}

const overall = { total: 2, queued: 0, running: 1, done: 0, failed: 0, cancelled: 0, fraction: 0.25 };
const view = (items: BatchItemView[]): BatchView => ({ state: 'running', items, overall });

function printer(isTTY: boolean, columns = 60) {
  let text = '';
  const out = { isTTY, columns, write: (chunk: string) => (text += chunk) };
  return { printer: new ProgressPrinter(out, { generate: false }), text: () => text };
}

const failure = item('b', 'Broken', {
  status: 'failed',
  error: {
    code: 'NOT_READY',
    message: '1 block has no current audio. Generate it first.',
    blocks: [{ blockId: 'x', track: 'speech', reason: 'not-generated', label: 'Hi.' }],
  },
});
const done = item('a', 'Alpha', {
  status: 'done',
  outputs: { audioPath: '/out/Alpha.wav', subtitlePaths: ['/out/Alpha.srt'], durationMs: 1000, bytes: 10 },
  warnings: ['The project file was not updated.'],
});

describe('ProgressPrinter', () => {
  it('writes one line per phase change and per finished project when not on a terminal', () => {
    const { printer: p, text } = printer(false);
    p.handle({
      type: 'changed',
      view: view([item('a', 'Alpha', { status: 'running' }), item('b', 'Broken')]),
    });
    p.handle({
      type: 'progress',
      item: { id: 'a', phase: 'exporting', fraction: 0.1, exportPhase: 'decode' },
      overall,
    });
    p.handle({
      type: 'progress',
      item: { id: 'a', phase: 'exporting', fraction: 0.2, exportPhase: 'decode' },
      overall,
    });
    p.handle({
      type: 'progress',
      item: { id: 'a', phase: 'exporting', fraction: 0.6, exportPhase: 'render' },
      overall,
    });
    p.handle({ type: 'changed', view: view([done, failure]) });
    const summary = {
      done: [],
      failed: [{ id: 'b', label: 'Broken', error: failure.error! }],
      cancelled: [],
      queued: 0,
    };
    p.finish({ ...summary, line: summaryLine(summary) });
    expect(text()).toBe(
      [
        '[1/2] Alpha: exporting (decode)',
        '[1/2] Alpha: exporting (render)',
        '[1/2] Alpha: exported → /out/Alpha.wav (+ srt)',
        '    note: The project file was not updated.',
        '[2/2] Broken: failed — 1 block has no current audio. Generate it first. (add --generate to generate them)',
        '0 exported, 1 failed',
        '',
      ].join('\n'),
    );
  });

  it('rewrites one status line in place on a terminal, within its width', () => {
    const { printer: p, text } = printer(true);
    p.handle({
      type: 'changed',
      view: view([item('a', 'A rather long project title that goes on', { status: 'running' })]),
    });
    p.handle({ type: 'progress', item: { id: 'a', phase: 'generating', fraction: 0.3 }, overall });
    p.handle({ type: 'changed', view: view([{ ...done, id: 'a' }]) });
    const lines = text().split('\r\u001b[K');
    expect(lines[1]).toMatch(/^\[1\/1\] A rather long project title .*…$/u);
    expect(lines[1]).toHaveLength(59);
    expect(text()).toContain('\r\u001b[K[1/1] Alpha: exported → /out/Alpha.wav (+ srt)\n');
  });

  it('counts generated blocks with the time left: at each tenth in a log, live on a terminal', () => {
    const generating = (doneBlocks: number, secondsLeft?: number) => ({
      type: 'progress' as const,
      item: {
        id: 'a',
        phase: 'generating' as const,
        fraction: 0.02 + (0.48 * doneBlocks) / 40,
        generation: { doneBlocks, totalBlocks: 40, secondsLeft },
      },
      overall,
    });
    const log = printer(false);
    log.printer.handle({ type: 'changed', view: view([item('a', 'Alpha', { status: 'running' })]) });
    for (const [doneBlocks, secondsLeft] of [[0], [1, 80], [2, 76], [4, 70], [5, 66], [40, 0]] as const) {
      log.printer.handle(generating(doneBlocks, secondsLeft));
    }
    expect(log.text()).toBe(
      [
        '[1/1] Alpha: generating missing audio',
        '[1/1] Alpha: 0 of 40 blocks · estimating time left…',
        '[1/1] Alpha: 4 of 40 blocks · about 1 min 10 s left',
        '[1/1] Alpha: 40 of 40 blocks',
        '',
      ].join('\n'),
    );

    const terminal = printer(true, 120);
    terminal.printer.handle({ type: 'changed', view: view([item('a', 'Alpha', { status: 'running' })]) });
    terminal.printer.handle(generating(12, 65));
    expect(terminal.text()).toBe(
      '\r\u001b[K[1/1] Alpha: generating missing audio: 12 of 40 blocks · about 1 min 05 s left · batch 25%',
    );
  });
});
