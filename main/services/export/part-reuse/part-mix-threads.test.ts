import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChapterSpan } from '../../../../common/export/chapter-split.js';
import { loudnessPresets } from '../../../../common/export/export-options.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import * as launcher from '../worker-launcher.js';
import { exportMixInParts } from './part-mix-export.js';
import { PartStore } from './part-store.js';

vi.mock('../worker-launcher.js', { spy: true });

/**
 * A book built from parts measures and encodes each chapter in a helper thread; the helpers are kept from part to
 * part (and from decoding on), so a book of many chapters starts two threads, not two per chapter: each new thread
 * compiles the worker's script and packages (~0.2–0.3 s of one core), which made a first export of a 30-chapter
 * half-hour book ~1.7x the time of the one-pass export it replaced.
 */

let folder: string;
let project: SmallProject;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-part-threads-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 30, 6);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the helper threads of a book built from parts', () => {
  it('decodes, measures and encodes three chapters with at most two helper threads', async () => {
    // Chapter starts off the MP3 frame grid, as part-mix-export.test.ts cuts them (joins found there).
    const chapters: ChapterSpan[] = [
      { title: 'One', startMs: 0, endMs: 9_013 },
      { title: 'Two', startMs: 9_013, endMs: 19_007 },
      { title: 'Three', startMs: 19_007, endMs: project.plan.durationMs },
    ];
    vi.mocked(launcher.launchWorker).mockClear();
    const result = await exportMixInParts({
      plan: project.plan,
      chapters,
      sources: project.sources,
      options: {
        audio: { format: 'mp3', bitrateKbps: 128 },
        loudness: loudnessPresets.podcast,
        subtitles: { srt: false, vtt: false },
      },
      outputPath: path.join(folder, 'book.mp3'),
      overwrite: true,
      pcmCacheDir: path.join(folder, 'pcm'),
      store: new PartStore(path.join(folder, 'parts')),
      workerEntry: launcher.defaultWorkerEntry(),
    });
    // Six part jobs (three measured, three encoded) and the decoding: one new thread each before.
    expect(result.parts).toEqual({ total: 3, measured: 3, encoded: 3 });
    expect(vi.mocked(launcher.launchWorker).mock.calls.length).toBeLessThanOrEqual(2);
  }, 120_000);
});
