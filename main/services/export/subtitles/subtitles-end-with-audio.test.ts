import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterSpans, planForChapter } from '../../../../common/export/chapter-split.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import { runExport } from '../render-export.js';
import { probeDuration, sox } from '../test-support/media-tools.js';

/**
 * The last cue of a file is lengthened for reading time; it must still end with the file's audio, in one file and
 * in each chapter's own file. Each chapter here ends 400 ms after a block that needs about 2.2 s to read.
 */

const LONG_LINE = 'A fairly long line of text read fast.';

let folder: string;
let plan: RenderPlan;
let sources: Record<string, string>;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-cue-end-'));
  const tone = path.join(folder, 'tone.wav');
  await sox(['-n', '-r', '24000', '-c', '1', '-b', '16', tone, 'synth', '0.6', 'sine', '440']);
  sources = { tone };
  const blocks = [
    { id: 'one', startMs: 300 },
    { id: 'two', startMs: 2000 },
    { id: 'three', startMs: 3000 },
    { id: 'four', startMs: 5000 },
  ];
  plan = {
    sampleRate: 24000,
    channels: 1,
    durationMs: 6000,
    clips: blocks.map((block) => ({
      id: block.id,
      track: 'speech' as const,
      sourceKey: 'tone',
      startMs: block.startMs,
      durationMs: 600,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    })),
    cues: blocks.map((block) => ({
      blockId: block.id,
      clipId: block.id,
      text: LONG_LINE,
      startMs: block.startMs,
      durationMs: 600,
    })),
  };
}, 30_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function exportWithSubtitles(
  exported: RenderPlan,
  name: string,
): Promise<{ audioMs: number; ends: number[] }> {
  const outputPath = path.join(folder, `${name}.wav`);
  const result = await runExport({
    plan: exported,
    sources,
    options: {
      audio: { format: 'wav', bitDepth: 16 },
      loudness: { kind: 'none' },
      subtitles: { srt: true, vtt: false },
    },
    outputPath,
    pcmCacheDir: path.join(folder, 'cache'),
  });
  const srt = await readFile(path.join(folder, `${name}.srt`), 'utf8');
  const ends = [...srt.matchAll(/--> (\d\d):(\d\d):(\d\d),(\d{3})/gu)].map(
    ([, hours, minutes, seconds, millis]) =>
      ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis),
  );
  expect(result.durationMs).toBeCloseTo((await probeDuration(outputPath)) * 1000, 0);
  return { audioMs: result.durationMs, ends };
}

describe('subtitles end with the audio', () => {
  it('ends the last cue of a single file at the end of its audio', async () => {
    const { audioMs, ends } = await exportWithSubtitles(plan, 'whole');
    expect(ends).toHaveLength(4);
    expect(Math.max(...ends)).toBeLessThanOrEqual(audioMs);
    // Capped, not cut short: the last cue stays up to the very end.
    expect(ends.at(-1)).toBe(Math.floor(audioMs));
  });

  it('ends the last cue of every chapter file at the end of that file', async () => {
    const marks = [
      { title: 'One', startMs: 300 },
      { title: 'Two', startMs: 3000 },
    ];
    const spans = chapterSpans(marks, plan.durationMs, 'Whole');
    expect(spans.map((span) => [span.startMs, span.endMs])).toEqual([
      [0, 300],
      [300, 3000],
      [3000, 6000],
    ]);
    for (const [index, span] of spans.entries()) {
      if (span.startMs === 0) continue; // the short opening has no speech
      const { audioMs, ends } = await exportWithSubtitles(planForChapter(plan, span), `chapter-${index}`);
      expect(ends).toHaveLength(2);
      expect(Math.max(...ends)).toBeLessThanOrEqual(audioMs);
      expect(ends.at(-1)).toBe(Math.floor(audioMs));
    }
  });
});
