import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportEngine } from './export-engine.js';
import { makeSmallProject, type SmallProject } from './test-support/small-project.js';

/**
 * A long render must not hold the mix in memory: a 20-minute stereo export (211 MB of WAV, 635 MB of
 * float mix) runs in the worker while the process's resident memory is sampled. Integration test: it
 * renders 20 minutes of audio, so it takes several seconds. Rendered in two halves at once, the second thread
 * (its own V8 heap and, under tests, its own TypeScript loader) costs a fixed amount more: that run is held to the
 * absolute bound only.
 */

const MINUTES = 20;
const BOUND_MB = 150;
let folder: string;
let project: SmallProject;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-memory-'));
  project = await makeSmallProject(path.join(folder, 'sources'), MINUTES * 60, 120);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('memory on a long render', () => {
  it.each([1, 2] as const)(
    `stays bounded while exporting ${MINUTES} minutes on %i thread(s)`,
    async (threads) => {
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const outputPath = path.join(folder, `long-${threads}.wav`);
      try {
        await new ExportEngine().exportMix({
          plan: project.plan,
          sources: project.sources,
          options: {
            audio: { format: 'wav', bitDepth: 16 },
            loudness: { kind: 'lufs', integratedLufs: -16, truePeakDb: -1 },
            subtitles: { srt: true, vtt: false },
          },
          outputPath,
          pcmCacheDir: path.join(folder, 'cache'),
          renderThreads: threads,
        });
      } finally {
        clearInterval(sampler);
      }
      const growthMb = (peak - baseline) / 2 ** 20;
      const outputMb = statSync(outputPath).size / 2 ** 20;
      console.log(
        `${MINUTES}-minute export on ${threads} thread(s) (${outputMb.toFixed(0)} MB WAV, two passes for loudness): peak RSS growth ${growthMb.toFixed(1)} MB (baseline ${(baseline / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB)`,
      );
      expect(growthMb).toBeLessThan(BOUND_MB);
      if (threads === 1) expect(growthMb).toBeLessThan(outputMb / 2);
    },
    180_000,
  );
});
