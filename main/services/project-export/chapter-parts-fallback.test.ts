import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterSpan } from '../../../common/export/chapter-split.js';
import { defaultProjectExportSettings } from '../../../common/export/project-export-settings.js';
import { makeSmallProject, type SmallProject } from '../export/test-support/small-project.js';
import { defaultWorkerEntry } from '../export/worker-launcher.js';
import { exportChapterPartsMix, usesChapterParts, type ChapterPartsJob } from './chapter-parts-mix.js';

/**
 * Parts are joined where their bit reservoirs line up, within a few frames before each chapter start; this book
 * (six 5-second chapters of dense tones) has a chapter start where no frame lines up. The book must still be
 * delivered: the export writes it in one pass and says so, and publishes nothing of the parts' attempt.
 */

let folder: string;
let project: SmallProject;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-parts-fallback-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 30, 6);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('an MP3 with chapters whose parts cannot be joined', () => {
  it('is written in one pass instead, with a warning, and nothing of the parts is published', async () => {
    const end = project.plan.durationMs;
    const spans: ChapterSpan[] = Array.from({ length: 6 }, (_, index) => ({
      title: `Chapter ${index + 1}`,
      startMs: Math.round((end * index) / 6),
      endMs: Math.round((end * (index + 1)) / 6),
    }));
    const outputPath = path.join(folder, 'book.mp3');
    const job: ChapterPartsJob = {
      plan: project.plan,
      spans,
      sources: project.sources,
      settings: {
        ...defaultProjectExportSettings,
        options: { ...defaultProjectExportSettings.options, audio: { format: 'mp3', bitrateKbps: 128 } },
      },
      tags: { metadata: { title: 'Book' }, chapters: spans, markers: true, chaptersJson: false },
      outputPath,
      overwrite: true,
      pcmCacheDir: path.join(folder, 'pcm'),
      partCacheDir: path.join(folder, 'parts'),
      appVersion: '0.0.0-test',
      workerEntry: defaultWorkerEntry(),
    };
    expect(usesChapterParts(job)).toBe(true);
    let onePassRuns = 0;
    const outputs = await exportChapterPartsMix(job, {}, async () => {
      onePassRuns += 1;
      // What the parts' attempt staged was discarded before the one pass runs.
      expect(existsSync(outputPath)).toBe(false);
      return { outputPath, subtitlePaths: [], durationMs: end, bytes: 1, warnings: ['from the one pass'] };
    });
    expect(onePassRuns).toBe(1);
    expect(outputs.warnings).toEqual([
      'from the one pass',
      'The chapters kept from earlier exports could not be joined, so the book was encoded whole.',
    ]);
  }, 120_000);
});
