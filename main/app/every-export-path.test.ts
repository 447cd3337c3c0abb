import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../common/audio/take-checks.js';
import { defaultProjectExportSettings } from '../../common/export/index.js';
import type { ExportMode } from '../../common/export/export-mode.js';
import { runExportCommand } from '../cli/cli-export.js';
import { decideQuit } from '../desktop/quit-guard.js';
import { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import { BatchQueue, MemoryBatchStore, ProjectSources } from '../services/batch/index.js';
import {
  FakeGenerator,
  gate,
  makeProject,
  writeProject,
} from '../services/batch/test-support/batch-fakes.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { PathGrants } from '../services/paths/path-grants.js';
import { noServiceLexicons } from '../services/pronunciation/test-support/no-lexicons.js';
import type { ProjectExporter } from '../services/project-export/index.js';
import { RunningExports } from '../services/project-export/index.js';
import { recordingExporter } from '../services/project-export/test-support/recording-engine.js';
import { ProjectService } from '../services/projects/project-service.js';
import { UploadStaging } from '../services/staging/upload-staging.js';
import { createExportFeature, type ExportFeatureDeps } from './export-feature.js';

/*
 * Every export (the dialog's, generate-then-export, a batch, the `timbre` command) is one kind of job: the real
 * ProjectExporter prepares it once and writes it through its one entry point with the mode, and the quit prompt
 * counts running exports of every origin once.
 */

const cli = vi.hoisted(() => ({ exporter: undefined as ProjectExporter | undefined }));
vi.mock('../cli/cli-services.js', () => ({
  openCliServices: () =>
    Promise.resolve({
      exporter: cli.exporter,
      generator: new FakeGenerator(),
      lexicons: noServiceLexicons,
      checkThresholds: DEFAULT_CHECK_THRESHOLDS,
      close: () => Promise.resolve(),
    }),
}));

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-every-export-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function quietPlatform(): Platform {
  return {
    shell: 'electron',
    appVersion: '0.0.0-test',
    dataDir: path.join(dir, 'data'),
    notify: () => undefined,
    setProgress: () => undefined,
    trashItem: () => Promise.resolve(),
    chooseSavePath: () => Promise.resolve(null),
    chooseFolder: () => Promise.resolve(null),
    noteRecentDocument: () => undefined,
    isFocused: () => true,
  };
}

/** The app's export paths on one real ProjectExporter, spied on: the dialog's feature and the export queue. */
async function appExports(
  ahead: Pick<ExportFeatureDeps, 'startWorkerAhead' | 'prepareAhead' | 'cancelAhead'> = {},
) {
  const { exporter, engine } = recordingExporter();
  const prepare = vi.spyOn(exporter, 'prepare');
  const exportCalls = vi.spyOn(exporter, 'export');
  const runningExports = new RunningExports();
  const library = new ProjectService({ dataDir: path.join(dir, 'data') });
  const queue = await BatchQueue.open({
    store: new MemoryBatchStore(),
    sources: new ProjectSources({ library, projectsDir: library.projectsDir }),
    exporter,
    generator: new FakeGenerator(),
    lexicons: noServiceLexicons,
    runningExports,
  });
  queue.start();
  const exportDir = path.join(dir, 'Exports');
  const staging = new UploadStaging(path.join(dir, 'staging'), 1024);
  const logger = new MemoryLogger();
  const handlers = createExportFeature({
    exporter,
    platform: quietPlatform(),
    events: new EventHub(),
    logger,
    exportDir,
    grants: new PathGrants(),
    staging,
    runningExports,
    // As batch-feature.ts hands a generate-then-export to the queue.
    queueExport: async ({ fileName, title, ...rest }) =>
      queue.addExport({ source: { kind: 'library', fileName }, label: title, ...rest }),
    ...ahead,
  });
  /** The modes the one entry point was called with, then forgotten. */
  const takeModes = (): ExportMode[] => {
    const modes = exportCalls.mock.calls.map(([, target]) => target.mode);
    exportCalls.mockClear();
    return modes;
  };
  return {
    ...{ exporter, engine, prepare, takeModes, runningExports, library, queue, handlers, exportDir },
    ...{ staging, exportCalls, logger },
  };
}

/** A 1×1 PNG, staged as the export dialog stages the cover the user chose. */
async function stagedCover(staging: UploadStaging): Promise<{ stagingId: string; bytes: Buffer }> {
  const bytes = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );
  const { stagingId } = await staging.begin({
    fileName: 'Cover.PNG',
    mediaType: 'image/png',
    sizeBytes: bytes.length,
  });
  await staging.append(stagingId, 0, bytes);
  await staging.finish(stagingId);
  return { stagingId, bytes };
}

describe('one path for every export', () => {
  it('generate-then-export embeds the cover the user chose, kept out of staging until the queued export runs', async () => {
    const app = await appExports();
    const created = await app.library.create({ title: 'Covered', serviceUrl: 'http://127.0.0.1:9' });
    await app.library.save(created.fileName, { ...makeProject('Covered', ['Two.']), id: created.project.id });
    const cover = await stagedCover(app.staging);
    const queued = await app.handlers['export.generateThenExport']({
      fileName: created.fileName,
      title: 'Covered',
      settings: defaultProjectExportSettings,
      outputPath: path.join(app.exportDir, 'Covered.wav'),
      mode: 'mix',
      onExisting: 'ask',
      coverStagingId: cover.stagingId,
    });
    expect(queued).toMatchObject({ ok: true });
    await app.queue.whenIdle();
    expect(app.queue.summary().line).toBe('1 exported, 0 failed');
    const coverPath = app.exportCalls.mock.calls[0]?.[1].coverPath ?? '';
    expect(path.dirname(coverPath)).toBe(path.join(dir, 'data', 'queued-covers'));
    expect(await readFile(coverPath)).toEqual(cover.bytes);
    // Released from staging: the upload is no longer there to be swept or reused.
    expect(() => app.staging.finished(cover.stagingId, 'coverStagingId')).toThrow(/not received completely/u);
  });

  it('the dialog, generate-then-export and a batch each prepare once and export through the one entry point', async () => {
    const app = await appExports();
    const settings = defaultProjectExportSettings;

    const project = makeProject('Direct', ['One.'], true);
    const started = await app.handlers['export.start']({
      project,
      settings,
      outputPath: path.join(app.exportDir, 'Direct.wav'),
      mode: 'mix',
      onExisting: 'ask',
    });
    expect(started).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(app.runningExports.count()).toBe(0));
    expect(app.prepare).toHaveBeenCalledTimes(1);
    expect(app.takeModes()).toEqual(['mix']);

    const created = await app.library.create({ title: 'Queued', serviceUrl: 'http://127.0.0.1:9' });
    await app.library.save(created.fileName, { ...makeProject('Queued', ['Two.']), id: created.project.id });
    const queued = await app.handlers['export.generateThenExport']({
      fileName: created.fileName,
      title: 'Queued',
      settings,
      outputPath: path.join(app.exportDir, 'Queued'),
      mode: 'blocks-folder',
      onExisting: 'ask',
    });
    expect(queued).toMatchObject({ ok: true });
    await app.queue.whenIdle();
    expect(app.queue.summary().line).toBe('1 exported, 0 failed');
    expect(app.prepare).toHaveBeenCalledTimes(2);
    expect(app.takeModes()).toEqual(['blocks-folder']);

    const file = await writeProject(
      path.join(dir, 'in'),
      'batch.timbre',
      makeProject('Batch', ['Three.'], true),
    );
    await app.queue.add({
      sources: [{ kind: 'path', path: file }],
      destination: path.join(dir, 'out'),
      settings,
      generateMissing: false,
      mode: 'chapters-zip',
    });
    await app.queue.whenIdle();
    expect(app.queue.summary().line).toBe('2 exported, 0 failed');
    expect(app.prepare).toHaveBeenCalledTimes(3);
    expect(app.takeModes()).toEqual(['chapters-zip']);
    await app.queue.close();
  });

  it('the dialog opening starts the next export’s worker and its decoding ahead, and answers nothing', async () => {
    let started = 0;
    const prepareAhead = vi.fn(async () => undefined);
    const cancelAhead = vi.fn();
    const { handlers, exportCalls } = await appExports({
      startWorkerAhead: () => (started += 1),
      prepareAhead,
      cancelAhead,
    });
    const opened = { fileName: 'story.timbre', settings: defaultProjectExportSettings };
    expect(await handlers['export.dialogOpened'](opened)).toBeNull();
    expect(await handlers['export.dialogOpened'](opened)).toBeNull();
    expect(started).toBe(2);
    expect(prepareAhead).toHaveBeenCalledWith('story.timbre', defaultProjectExportSettings);
    expect(await handlers['export.dialogClosed'](undefined)).toBeNull();
    expect(cancelAhead).toHaveBeenCalledTimes(1);
    expect(exportCalls).not.toHaveBeenCalled();
  });

  it('a head start that fails is logged, never answered to the page', async () => {
    const { handlers, logger } = await appExports({
      prepareAhead: async () => Promise.reject(new Error('disk gone')),
    });
    expect(
      await handlers['export.dialogOpened']({
        fileName: 'story.timbre',
        settings: defaultProjectExportSettings,
      }),
    ).toBeNull();
    await vi.waitFor(() =>
      expect(logger.lines).toContain('warn The export dialog’s decoding ahead could not start'),
    );
  });

  it('the timbre command prepares once and exports through the one entry point', async () => {
    const { exporter } = recordingExporter();
    const prepare = vi.spyOn(exporter, 'prepare');
    const exportCalls = vi.spyOn(exporter, 'export');
    cli.exporter = exporter;
    const file = await writeProject(path.join(dir, 'in'), 'cli.timbre', makeProject('Cli', ['Four.'], true));
    const printed: string[] = [];
    const code = await runExportCommand(
      {
        kind: 'export',
        projects: [file],
        out: path.join(dir, 'out'),
        settings: defaultProjectExportSettings,
        generate: false,
        confirmChargeTwice: false,
        nameTemplate: '{title}',
        overwrite: false,
        mode: 'blocks-zip',
        dataDir: path.join(dir, 'data'),
      },
      { stdout: { write: (text) => printed.push(text) }, env: {}, onInterrupt: () => () => undefined },
    );
    expect(code).toBe(0);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(exportCalls.mock.calls.map(([, target]) => target.mode)).toEqual(['blocks-zip']);
  });

  it('the quit prompt counts a dialog export and a queued one once each', async () => {
    const app = await appExports();
    const held = gate();
    app.engine.hold = held.promise;
    const file = await writeProject(
      path.join(dir, 'in'),
      'batch.timbre',
      makeProject('Batch', ['Five.'], true),
    );
    await app.queue.add({
      sources: [{ kind: 'path', path: file }],
      destination: path.join(dir, 'out'),
      settings: defaultProjectExportSettings,
      generateMissing: false,
    });
    await app.handlers['export.start']({
      project: makeProject('Direct', ['Six.'], true),
      settings: defaultProjectExportSettings,
      outputPath: path.join(app.exportDir, 'Direct.wav'),
      mode: 'mix',
      onExisting: 'ask',
    });
    await vi.waitFor(() => expect(app.engine.calls).toHaveLength(2));

    const activity = { runningJobs: 0, queuedOfflineJobs: 0, runningExports: app.runningExports.count() };
    expect(activity.runningExports).toBe(2);
    expect(decideQuit(activity, false)).toMatchObject({
      action: 'ask',
      detail: expect.stringContaining('2 exports are in progress') as string,
    });

    held.open();
    await app.queue.whenIdle();
    await vi.waitFor(() => expect(app.runningExports.count()).toBe(0));
    await app.queue.close();
  });
});
