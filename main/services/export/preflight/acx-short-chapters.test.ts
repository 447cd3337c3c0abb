import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetailProfile } from '../../../../common/export/apply-retail-profile.js';
import { defaultProjectExportSettings } from '../../../../common/export/project-export-settings.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import { retailProfile } from '../../../../common/export/retail-profiles.js';
import { withRoomToneEdges } from '../../../../common/export/room-tone-edges.js';
import { ExportEngine } from '../export-engine.js';
import { espeak, ffmpeg, probeDuration } from '../test-support/media-tools.js';
import { checkWrittenDelivery } from './delivery-check.js';

/**
 * Short chapters of espeak speech exported as the ACX profile sets them: most of such a file is its head and tail
 * of room tone, so the speech must be lifted further than its peaks allow without limiting. Before the export
 * checked its own output's RMS they landed 2-5 dB under −20 dB, the shortest under ACX's −23 dB floor.
 */

let folder: string;
const engine = new ExportEngine();
const acx = retailProfile('acx');
const { settings } = applyRetailProfile(defaultProjectExportSettings, acx);

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-acx-short-'));
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** One line of espeak speech as the stand-in makes it (MP3, 24 kHz mono), and its length. */
async function speech(name: string, text: string): Promise<{ file: string; durationMs: number }> {
  const wav = path.join(folder, `${name}.wav`);
  const file = path.join(folder, `${name}.mp3`);
  await espeak(text, wav);
  await ffmpeg([
    '-v',
    'error',
    '-i',
    wav,
    '-ar',
    '24000',
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    file,
  ]);
  return { file, durationMs: Math.round((await probeDuration(file)) * 1000) };
}

async function exportChapter(name: string, text: string) {
  const line = await speech(name, text);
  const plan: RenderPlan = withRoomToneEdges(
    {
      sampleRate: settings.sampleRate,
      channels: settings.channels,
      durationMs: line.durationMs,
      clips: [
        {
          id: 'line',
          track: 'speech',
          // The PCM cache is keyed by the source key: each chapter's line needs its own.
          sourceKey: name,
          startMs: 0,
          durationMs: line.durationMs,
          gainDb: 0,
          fadeInMs: 5,
          fadeOutMs: 20,
        },
      ],
      cues: [],
    },
    settings.options.roomTone,
  );
  const delivery = path.join(folder, name);
  await mkdir(delivery);
  await engine.exportMix({
    plan,
    sources: { [name]: line.file },
    options: settings.options,
    outputPath: path.join(delivery, '01 Chapter.mp3'),
    pcmCacheDir: path.join(folder, 'cache'),
  });
  const check = await checkWrittenDelivery(acx, name, delivery);
  const figure = (rule: string) => check?.results.find((result) => result.rule === rule);
  return { line, check, rms: figure('rms'), peak: figure('peak') };
}

describe('short ACX chapters', () => {
  // Measured on the written MP3 before the export measured its limited output: −24.8, −22.1 and −21.8 dB RMS.
  it.each([
    ['short', 'Chapter one.', -22],
    ['four-and-a-half', 'Chapter three. Mountains come next. Some are young and sharp, others old.', -21],
    ['welcome', 'Welcome to the studio. Today we will talk about rivers, mountains, and the sea.', -21],
  ])(
    'land near −20 dB RMS with peaks under ACX’s ceiling (%s)',
    async (name, text, lowestRmsDb) => {
      const { check, rms, peak } = await exportChapter(name, text);
      expect(check?.results.filter((result) => !result.passed)).toEqual([]);
      const measuredRms = Number.parseFloat(rms?.measured.replace('−', '-') ?? 'NaN');
      expect(measuredRms).toBeGreaterThanOrEqual(lowestRmsDb);
      expect(measuredRms).toBeLessThanOrEqual(-19);
      expect(peak?.passed).toBe(true);
    },
    120_000,
  );
});
