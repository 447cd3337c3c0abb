import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRetailProfile } from '../../../common/export/apply-retail-profile.js';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import { makeProject } from '../batch/test-support/batch-fakes.js';
import { recordingExporter } from './test-support/recording-engine.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-retail-delivery-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ProjectExporter.export with a retailer profile', () => {
  const project = makeProject('Book', ['One.', 'Two.'], true);
  const acx = applyRetailProfile(defaultProjectExportSettings, retailProfile('acx'));

  it('writes the chapter files as the profile asks, then checks them and says so in its warnings', async () => {
    const { exporter, engine } = recordingExporter();
    const prepared = await exporter.prepare(project, acx.settings);
    const outputPath = path.join(dir, 'Book');
    const result = await exporter.export(prepared, { outputPath, mode: acx.mode, overwrite: false });
    expect(engine.calls.map((call) => call.method)).toEqual(['exportMix']);
    expect((await readdir(outputPath)).sort()).toEqual([
      '.timbre-chapters.json',
      expect.stringMatching(/\.mp3$/u),
    ]);
    // The stand-in engine writes five bytes, not an MP3: the check cannot decode them, and says so without
    // failing an export whose files are written.
    expect(result.warnings).toEqual([
      expect.stringMatching(/^Pre-flight \(ACX.*\): the written files could not be checked: .*\.mp3/u),
      retailProfile('acx').aiNarration.statement,
      // Two short lines cannot make a sample of a minute: the delivery says so (retail-sample-file.test.ts).
      expect.stringMatching(/^Retail sample \(ACX.*\) not written: .*at least 60 s/u),
    ]);
  });

  it('measures the chapter files inside a zip, and still shows the narration rule', async () => {
    const { exporter } = recordingExporter();
    const prepared = await exporter.prepare(project, acx.settings);
    const outputPath = path.join(dir, 'Book.zip');
    const result = await exporter.export(prepared, { outputPath, mode: 'chapters-zip', overwrite: false });
    expect(result.warnings).toEqual([
      // The stand-in engine's five bytes are no MP3: unpacked from the zip, they cannot be decoded, which is said.
      expect.stringMatching(/^Pre-flight \(ACX.*\): the written files could not be checked: .*\.mp3/u),
      retailProfile('acx').aiNarration.statement,
      expect.stringMatching(/Retail sample .* not written: Book\.zip is not a folder/u),
    ]);
  });

  it('adds nothing to an export without a profile', async () => {
    const { exporter } = recordingExporter();
    const prepared = await exporter.prepare(project, defaultProjectExportSettings);
    const result = await exporter.export(prepared, {
      outputPath: path.join(dir, 'Book.wav'),
      mode: 'mix',
      overwrite: false,
    });
    expect(result.warnings ?? []).toEqual([]);
  });
});
