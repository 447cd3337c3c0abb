import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetailProfile } from '../../../common/export/apply-retail-profile.js';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import { applyCredits } from '../../../common/project/credits-blocks.js';
import { makeProject } from '../batch/test-support/batch-fakes.js';
import { checkPlannedDelivery } from './planned-delivery-check.js';
import type { ExportOutputs, ExportTarget, PreparedExport } from './project-exporter.js';
import { recordingExporter } from './test-support/recording-engine.js';
import { toneDeliveryExporter } from './test-support/tone-delivery.js';

let dir: string;
let stagingRoot: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-planned-check-'));
  stagingRoot = path.join(dir, 'staging');
  await mkdir(stagingRoot);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('checkPlannedDelivery', () => {
  const project = makeProject('Book', ['One.', 'Two.'], true);
  const acx = applyRetailProfile(defaultProjectExportSettings, retailProfile('acx'));

  it('renders into staging, reports per file and rule, and writes nothing where the user asked', async () => {
    const prepared = await recordingExporter().exporter.prepare(project, acx.settings);
    const fake = toneDeliveryExporter([0.14, 0.9]);
    const userFolder = path.join(dir, 'Exports');
    await mkdir(userFolder);
    const outputPath = path.join(userFolder, 'Book.zip');
    const check = await checkPlannedDelivery(
      fake,
      prepared,
      { outputPath, mode: 'chapters-zip' },
      {},
      stagingRoot,
    );
    // Rendered as plain files (no after-export check, no report) into a folder under staging, never a zip.
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.settings.retailProfile).toBeUndefined();
    expect(fake.calls[0]?.target.mode).toBe('chapters-folder');
    expect(path.dirname(fake.calls[0]?.target.outputPath ?? '')).not.toBe(userFolder);
    expect(fake.calls[0]?.target.outputPath.startsWith(stagingRoot)).toBe(true);
    expect(check.files).toEqual(['01 Chapter One.mp3', '02 Chapter Two.mp3']);
    // The tones have no room tone (those rules fail on both); the levels tell the two files apart.
    const levels = check.results
      .filter((result) => result.rule === 'rms' || result.rule === 'peak')
      .map((result) => [result.file, result.rule, result.passed]);
    expect(levels).toEqual([
      ['01 Chapter One.mp3', 'rms', true],
      ['01 Chapter One.mp3', 'peak', true],
      ['02 Chapter Two.mp3', 'rms', false],
      ['02 Chapter Two.mp3', 'peak', false],
    ]);
    expect(check.summary).toMatch(
      /^Pre-flight \(ACX.*\): \d+ of \d+ checks fail on the files as they will be/u,
    );
    expect(await readdir(userFolder)).toEqual([]);
    expect(await readdir(stagingRoot)).toEqual([]);
  }, 60_000);

  it('renders and measures the retail sample beside the staged chapters, listing it as the after-export check does', async () => {
    // A chapter of 80 generated blocks (1.5 s each): long enough for ACX's sample.
    const texts = Array.from({ length: 80 }, (_, index) => `Line ${index + 1} is here.`);
    const prepared = await recordingExporter().exporter.prepare(
      makeProject('Long', texts, true),
      acx.settings,
    );
    const userFolder = path.join(dir, 'Sampled');
    const target = { outputPath: path.join(userFolder, 'Long'), mode: 'chapters-folder' } as const;
    const check = await checkPlannedDelivery(toneDeliveryExporter([0.14]), prepared, target, {}, stagingRoot);
    expect(check.files).toEqual(['01 Chapter One.mp3', 'Retail Sample.mp3']);
    expect(check.results.some((result) => result.file === 'Retail Sample.mp3' && result.rule === 'rms')).toBe(
      true,
    );
    expect(check.summary).not.toMatch(/Retail sample/u);
    expect(check.results.find((result) => result.rule === 'retail-sample')).toMatchObject({
      passed: true,
      measured: 'written',
    });
    expect(existsSync(userFolder)).toBe(false);
    expect(await readdir(stagingRoot)).toEqual([]);
  }, 60_000);

  it('fails the delivery, saying why, when the book is too short for the retail sample ACX asks for', async () => {
    const prepared = await recordingExporter().exporter.prepare(project, acx.settings);
    const target = { outputPath: path.join(dir, 'Short'), mode: 'chapters-folder' } as const;
    const check = await checkPlannedDelivery(toneDeliveryExporter([0.14]), prepared, target, {}, stagingRoot);
    expect(check.files).toEqual(['01 Chapter One.mp3']);
    expect(check.summary).toMatch(/checks? fail/u);
    expect(check.summary).toMatch(/; Retail sample \(ACX.*\) not written: /u);
    expect(check.results.find((result) => result.rule === 'retail-sample')).toMatchObject({
      file: null,
      passed: false,
      measured: expect.stringMatching(/^not made: /u),
      limit: expect.stringMatching(
        /asks for a retail sample of 1–5 min of whole sentences, without the credits$/u,
      ),
    });
  }, 60_000);

  it('fails a book without opening or closing credits before anything is written, and passes one with them', async () => {
    const prepared = await recordingExporter().exporter.prepare(project, acx.settings);
    const target = { outputPath: path.join(dir, 'Credits'), mode: 'chapters-folder' } as const;
    const creditsOf = async (checked: PreparedExport) =>
      (await checkPlannedDelivery(toneDeliveryExporter([0.14]), checked, target, {}, stagingRoot)).results
        .filter((result) => result.rule.endsWith('-credits'))
        .map((result) => [result.rule, result.passed, result.measured]);
    expect(await creditsOf(prepared)).toEqual([
      ['opening-credits', false, 'no opening credits'],
      ['closing-credits', false, 'no closing credits'],
    ]);
    const credited = applyCredits(project, { opening: 'Book.', closing: 'The end.' });
    expect(await creditsOf({ ...prepared, project: credited })).toEqual([
      ['opening-credits', true, 'present'],
      ['closing-credits', true, 'present'],
    ]);
  }, 60_000);

  it('removes the staging folder when the render fails or is cancelled', async () => {
    const prepared = await recordingExporter().exporter.prepare(project, acx.settings);
    const failing = {
      options: toneDeliveryExporter([]).options,
      export: async (_prepared: PreparedExport, target: ExportTarget): Promise<ExportOutputs> => {
        await mkdir(target.outputPath);
        throw new Error('cancelled');
      },
    };
    await expect(
      checkPlannedDelivery(
        failing,
        prepared,
        { outputPath: path.join(dir, 'B'), mode: 'chapters-folder' },
        {},
        stagingRoot,
      ),
    ).rejects.toThrow('cancelled');
    expect(await readdir(stagingRoot)).toEqual([]);
  });

  it('refuses an export without a retailer profile, naming what to choose', async () => {
    const prepared = await recordingExporter().exporter.prepare(project, defaultProjectExportSettings);
    await expect(
      checkPlannedDelivery(toneDeliveryExporter([0.14, 0.9]), prepared, {
        outputPath: path.join(dir, 'C.wav'),
        mode: 'mix',
      }),
    ).rejects.toThrow(/needs a retailer profile: choose one under “Deliver to”/u);
  });
});
