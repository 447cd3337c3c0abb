import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetailProfile } from '../../common/export/apply-retail-profile.js';
import { defaultProjectExportSettings } from '../../common/export/index.js';
import { retailProfile } from '../../common/export/retail-profiles.js';
import { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import { ExportCancelledError, type RunOptions } from '../services/export/index.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { PathGrants } from '../services/paths/path-grants.js';
import type { ExportOutputs, ExportTarget, PreparedExport } from '../services/project-export/index.js';
import { RunningExports } from '../services/project-export/index.js';
import { makeProject } from '../services/batch/test-support/batch-fakes.js';
import { recordingExporter } from '../services/project-export/test-support/recording-engine.js';
import { toneDeliveryExporter } from '../services/project-export/test-support/tone-delivery.js';
import { UploadStaging } from '../services/staging/upload-staging.js';
import { createExportFeature } from './export-feature.js';

/** export.check: the delivery rendered in staging and measured, answered as a report; Cancel stops it. */

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'timbre-export-check-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const platform = {
  shell: 'electron',
  appVersion: '0.0.0-test',
  dataDir: '/nowhere',
  notify: () => undefined,
  setProgress: () => undefined,
  trashItem: () => Promise.resolve(),
  chooseSavePath: () => Promise.resolve(null),
  chooseFolder: () => Promise.resolve(null),
  noteRecentDocument: () => undefined,
  isFocused: () => true,
} satisfies Platform;

function feature(
  exportOne: (prepared: PreparedExport, target: ExportTarget, run?: RunOptions) => Promise<ExportOutputs>,
) {
  const { exporter } = recordingExporter();
  const runningExports = new RunningExports();
  const handlers = createExportFeature({
    exporter: { prepare: exporter.prepare.bind(exporter), export: exportOne, options: exporter.options },
    platform,
    events: new EventHub(),
    logger: new MemoryLogger(),
    exportDir: path.join(root, 'Exports'),
    grants: new PathGrants(),
    staging: new UploadStaging(path.join(root, 'uploads'), 1024),
    runningExports,
    queueExport: () => Promise.reject(new Error('not used')),
  });
  return { handlers, runningExports };
}

const project = makeProject('Book', ['One.', 'Two.'], true);
const acx = applyRetailProfile(defaultProjectExportSettings, retailProfile('acx'));
const input = {
  project,
  settings: acx.settings,
  // Only its name counts: the folder is never created.
  outputPath: path.join(tmpdir(), 'timbre-export-check-never-written', 'Book'),
  mode: acx.mode,
};

describe('export.check', () => {
  it('answers with the report of every file and rule, and writes nothing at the destination', async () => {
    const tones = toneDeliveryExporter([0.14]);
    const { handlers, runningExports } = feature((prepared, target) => tones.export(prepared, target));
    const answer = await handlers['export.check']({ ...input, checkId: randomUUID() });
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.report.profileId).toBe('acx');
    expect(answer.report.files).toEqual(['01 Chapter One.mp3']);
    expect(answer.report.results.find((result) => result.rule === 'rms')).toMatchObject({ passed: true });
    expect(await readdir(root)).toEqual([]);
    expect(tones.calls[0]?.target.outputPath.startsWith(path.dirname(input.outputPath))).toBe(false);
    expect(runningExports.count()).toBe(0);
  }, 60_000);

  it('stops when the check is cancelled, and says so', async () => {
    const checkId = randomUUID();
    let started = false;
    // A render that runs until its signal is aborted, as the engine does.
    const { handlers, runningExports } = feature(
      (_prepared, _target, run) =>
        new Promise((_resolve, reject) => {
          started = true;
          run?.signal?.addEventListener('abort', () => reject(new ExportCancelledError()));
        }),
    );
    const answer = handlers['export.check']({ ...input, checkId });
    await expect.poll(() => started).toBe(true);
    void handlers['export.cancel']({ exportId: checkId });
    await expect(answer).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    expect(runningExports.count()).toBe(0);
  });

  it('refuses settings without a retailer profile, naming the field', async () => {
    const { handlers } = feature(() => Promise.reject(new Error('not used')));
    await expect(
      handlers['export.check']({
        ...input,
        settings: defaultProjectExportSettings,
        mode: 'mix',
        checkId: randomUUID(),
      }),
    ).rejects.toMatchObject({ data: { code: 'INVALID_INPUT', field: 'settings.retailProfile' } });
  });
});
