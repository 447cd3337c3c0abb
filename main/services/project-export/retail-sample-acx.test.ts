import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetailProfile } from '../../../common/export/apply-retail-profile.js';
import { defaultProjectExportSettings } from '../../../common/export/project-export-settings.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import { createProject, createTextBlock } from '../../../common/project/block-factory.js';
import { ExportEngine } from '../export/export-engine.js';
import { checkWrittenDelivery } from '../export/preflight/delivery-check.js';
import { probeDuration } from '../export/test-support/media-tools.js';
import { makeSmallProject, type SmallProject } from '../export/test-support/small-project.js';
import { writeRetailSample } from './retail-sample-file.js';

/**
 * The retail sample of an ACX delivery, rendered by the real engine from espeak speech (30 blocks over 150 s),
 * passes every ACX check the chapters pass when the written MP3 is measured, and lasts what was asked plus the
 * profile's head and tail of room tone.
 */

let folder: string;
let small: SmallProject;
const engine = new ExportEngine();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-retail-sample-acx-'));
  small = await makeSmallProject(path.join(folder, 'sources'), 150, 30);
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('an ACX retail sample', () => {
  it('is written as the profile asks and passes every ACX check', async () => {
    const acx = retailProfile('acx');
    const { settings } = applyRetailProfile(defaultProjectExportSettings, acx);
    const clips = small.plan.clips.filter((clip) => clip.track === 'speech');
    const plan = { ...small.plan, sampleRate: settings.sampleRate, channels: settings.channels, clips };
    const base = createProject({ title: 'Book', defaults: { voiceId: 'v', voiceName: 'Ava' } });
    const blocks = small.plan.cues.map((cue) => createTextBlock({ id: cue.blockId, text: cue.text }));
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };
    const delivery = path.join(folder, 'Book');
    await mkdir(delivery);
    const prepared = {
      project,
      settings: { ...settings, retailSample: { start: { blockNumber: 3 }, lengthSeconds: 60 } },
      plan,
      sources: small.sources,
      chapters: [],
    };
    const { notes } = await writeRetailSample(
      { engine, pcmCacheDir: path.join(folder, 'cache') },
      prepared,
      acx,
      delivery,
    );
    expect(notes).toEqual([
      expect.stringMatching(/^Retail sample: Retail Sample\.mp3, 1:0\d from block 3 \(0:1\d\): /u),
    ]);
    const seconds = await probeDuration(path.join(delivery, 'Retail Sample.mp3'));
    const roomTone = settings.options.roomTone!;
    // At least the minute asked for, whole sentences, plus the head and the tail of room tone.
    expect(seconds).toBeGreaterThanOrEqual(60 + (roomTone.headMs! + roomTone.tailMs!) / 1000 - 0.1);
    expect(seconds).toBeLessThan(75 + (roomTone.headMs! + roomTone.tailMs!) / 1000);
    const check = await checkWrittenDelivery(acx, 'Book', delivery);
    expect(check?.results.filter((result) => !result.passed) ?? []).toEqual([]);
  }, 180_000);
});
