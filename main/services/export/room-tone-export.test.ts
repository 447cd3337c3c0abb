import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_TONE_DB } from '../../../common/export/room-tone.js';
import { ExportEngine } from './export-engine.js';
import type { ExportRequest } from './export-types.js';
import { measureAudioFile } from './preflight/measure-audio-file.js';
import { makeSmallProject, type SmallProject } from './test-support/small-project.js';

/** An ACX-style export of speech alone (no music bed): heads, pauses and tails carry room tone, not digital zero. */

let folder: string;
let project: SmallProject;
const engine = new ExportEngine();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-room-tone-export-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 20);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function speechOnly(outputPath: string, roomTone: boolean): ExportRequest {
  const clips = project.plan.clips.filter((clip) => clip.track === 'speech');
  const ids = new Set(clips.map((clip) => clip.id));
  return {
    plan: {
      ...project.plan,
      channels: 1,
      clips,
      cues: project.plan.cues.filter((cue) => cue.clipId === undefined || ids.has(cue.clipId)),
    },
    sources: project.sources,
    options: {
      audio: { format: 'mp3', bitrateKbps: 192 },
      loudness: { kind: 'rms', rmsDb: -20, peakDb: -3.5 },
      subtitles: { srt: false, vtt: false },
      ...(roomTone && { roomTone: { levelDb: DEFAULT_ROOM_TONE_DB, seed: 1 } }),
    },
    outputPath,
    pcmCacheDir: path.join(folder, 'cache'),
  };
}

describe('export with room tone', () => {
  it('writes digital zero between the lines without it', async () => {
    const output = path.join(folder, 'plain.mp3');
    await engine.exportMix(speechOnly(output, false));
    const measured = await measureAudioFile(output);
    expect(measured.noiseFloorDb).toBe(-Infinity);
    expect(measured.longestDigitalZeroMs).toBeGreaterThan(250);
  }, 60_000);

  it('writes a steady bed under ACX’s floor instead, which survives the MP3 encoder, at its level after normalising', async () => {
    const output = path.join(folder, 'room-tone.mp3');
    await engine.exportMix(speechOnly(output, true));
    const measured = await measureAudioFile(output);
    expect(measured.longestDigitalZeroMs).toBeLessThan(5);
    expect(measured.noiseFloorDb).toBeGreaterThan(DEFAULT_ROOM_TONE_DB - 3);
    expect(measured.noiseFloorDb).toBeLessThan(-60);
    expect(measured.peakDb).toBeLessThanOrEqual(-3);
    expect(measured).toMatchObject({ bitrateKbps: 192, constantBitrate: true });
  }, 60_000);
});
