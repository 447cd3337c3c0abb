import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetailProfile } from '../../../../common/export/apply-retail-profile.js';
import { defaultProjectExportSettings } from '../../../../common/export/project-export-settings.js';
import { retailProfile } from '../../../../common/export/retail-profiles.js';
import { withRoomToneEdges } from '../../../../common/export/room-tone-edges.js';
import { ExportEngine } from '../export-engine.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import { checkWrittenDelivery } from './delivery-check.js';

/**
 * A chapter of espeak speech exported as the ACX profile sets it (192 kbps CBR MP3, 44.1 kHz mono, RMS −20 dB,
 * peaks under −3 dB, room tone with ACX's head and tail) passes every ACX rule when its written file is measured.
 */

let folder: string;
let project: SmallProject;
const engine = new ExportEngine();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-acx-delivery-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 30);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('an ACX delivery', () => {
  it('passes every ACX check on the written file', async () => {
    const acx = retailProfile('acx');
    const { settings } = applyRetailProfile(defaultProjectExportSettings, acx);
    const clips = project.plan.clips.filter((clip) => clip.track === 'speech');
    const ids = new Set(clips.map((clip) => clip.id));
    const plan = withRoomToneEdges(
      {
        ...project.plan,
        sampleRate: settings.sampleRate,
        channels: settings.channels,
        clips,
        cues: project.plan.cues.filter((cue) => cue.clipId === undefined || ids.has(cue.clipId)),
      },
      settings.options.roomTone,
    );
    const delivery = path.join(folder, 'Book');
    await mkdir(delivery);
    await engine.exportMix({
      plan,
      sources: project.sources,
      options: settings.options,
      outputPath: path.join(delivery, '01 Chapter One.mp3'),
      pcmCacheDir: path.join(folder, 'cache'),
    });
    const check = await checkWrittenDelivery(acx, 'Book', delivery);
    const failed = check?.results.filter((result) => !result.passed) ?? [];
    expect(failed).toEqual([]);
    expect(check?.results.length).toBeGreaterThan(10);
  }, 120_000);
});
