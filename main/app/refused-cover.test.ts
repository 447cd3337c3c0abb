import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../common/export/index.js';
import { createProject } from '../../common/project/index.js';
import { decideQuit } from '../desktop/quit-guard.js';
import { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { PathGrants } from '../services/paths/path-grants.js';
import { RunningExports } from '../services/project-export/index.js';
import { UploadStaging } from '../services/staging/upload-staging.js';
import { createExportFeature, type ExportFeatureDeps } from './export-feature.js';
import { recordingExporter } from '../services/project-export/test-support/recording-engine.js';

/** export.start with a cover that is not an image: refused, and nothing is left counting as a running export. */

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'timbre-refused-cover-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The taskbar as the platform is told it: every value set, in order. */
function recordingPlatform(dataDir: string, progress: (number | null)[]): Platform {
  return {
    shell: 'electron',
    appVersion: '0.0.0-test',
    dataDir,
    notify: () => undefined,
    setProgress: (fraction) => progress.push(fraction),
    trashItem: () => Promise.resolve(),
    chooseSavePath: () => Promise.resolve(null),
    chooseFolder: () => Promise.resolve(null),
    noteRecentDocument: () => undefined,
    isFocused: () => true,
  };
}

/** An exporter whose project is ready and whose export reports it is done at once. */
function finishingExporter(): ExportFeatureDeps['exporter'] {
  return {
    options: recordingExporter().exporter.options,
    prepare: (project, settings) =>
      Promise.resolve({
        project,
        settings,
        plan: { sampleRate: 44100, channels: 2, durationMs: 0, clips: [], cues: [] },
        sources: {},
        chapters: [],
      }),
    export: (_prepared, { outputPath }, run = {}) => {
      run.onProgress?.({ phase: 'render', fraction: 1, phaseFraction: 1 });
      return Promise.resolve({ outputPath, subtitlePaths: [], durationMs: 1000, bytes: 10 });
    },
  };
}

async function stagedTextFile(staging: UploadStaging, text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const { stagingId } = await staging.begin({
    fileName: 'cover.jpg',
    mediaType: 'image/jpeg',
    sizeBytes: bytes.length,
  });
  await staging.append(stagingId, 0, bytes);
  await staging.finish(stagingId);
  return stagingId;
}

describe('a refused cover', () => {
  it('leaves no running export: the taskbar clears, the quit prompt has nothing to cancel, a real export reaches 100 %', async () => {
    const exportDir = path.join(root, 'Exports');
    const progress: (number | null)[] = [];
    const events = new EventHub();
    const finished: unknown[] = [];
    events.subscribe((name, payload) => {
      if (name === 'export.finished') finished.push(payload);
    });
    const stagingDir = path.join(root, 'staging');
    const staging = new UploadStaging(stagingDir, 1024 * 1024);
    const runningExports = new RunningExports();
    const handlers = createExportFeature({
      exporter: finishingExporter(),
      platform: recordingPlatform(path.join(root, 'data'), progress),
      events,
      logger: new MemoryLogger(),
      exportDir,
      grants: new PathGrants(),
      staging,
      runningExports,
      queueExport: () => Promise.reject(new Error('not used')),
    });
    const start = handlers['export.start'];
    const project = createProject({ title: 'Show' });
    const input = {
      project,
      settings: defaultProjectExportSettings,
      outputPath: path.join(exportDir, 'Show.wav'),
      mode: 'mix' as const,
      onExisting: 'replace' as const,
    };

    for (let refusal = 0; refusal < 4; refusal += 1) {
      const coverStagingId = await stagedTextFile(staging, 'not an image at all');
      await expect(start({ ...input, coverStagingId })).rejects.toMatchObject({
        data: { code: 'INVALID_INPUT', field: 'coverStagingId', message: /not a JPEG or PNG/ },
      });
      // Its staged upload is removed at once, not left for the sweep a day later.
      expect(() => staging.finished(coverStagingId, 'coverStagingId')).toThrow(/was not received completely/);
    }
    expect(await readdir(stagingDir)).toEqual([]);
    expect(runningExports.count()).toBe(0);
    expect(progress.filter((value) => value !== null)).toEqual([]);
    expect(
      decideQuit({ runningJobs: 0, queuedOfflineJobs: 0, runningExports: runningExports.count() }, false),
    ).toEqual({
      action: 'quit',
    });

    // A real export afterwards shows its own progress (not averaged with four phantoms) and clears it at the end.
    await expect(start(input)).resolves.toMatchObject({ ok: true });
    await expect.poll(() => finished.length).toBe(1);
    expect(progress.filter((value) => value !== null)).toEqual([0, 1]);
    expect(progress.at(-1)).toBeNull();
    expect(runningExports.count()).toBe(0);

    // An export that does not start for another reason (its file exists and the user is asked) leaves no cover
    // behind either: the page stages a new one when the user answers.
    await writeFile(input.outputPath, 'an earlier export');
    const coverStagingId = await stagedTextFile(staging, 'a cover the page staged');
    await expect(start({ ...input, onExisting: 'ask', coverStagingId })).resolves.toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    expect(await readdir(stagingDir)).toEqual([]);
  });
});
