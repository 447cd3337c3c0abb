import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../../common/audio/wav-encoder.js';
import { DEFAULT_ROOM_TONE_DB, type RoomToneSettings } from '../../../common/export/room-tone.js';
import { ExportEngine } from './export-engine.js';
import type { ExportRequest } from './export-types.js';
import { measureAudioFile } from './preflight/measure-audio-file.js';
import { makeSmallProject, type SmallProject } from './test-support/small-project.js';

/**
 * The user's room-tone clip under an export, and room tone in the second half of a long export (rendered by the
 * segment helper at the same time as the first): pauses, heads and tails are never digital zero.
 */

let folder: string;
let project: SmallProject;
const engine = new ExportEngine();

/** Seeded noise at an RMS level, as a recorded quiet room. */
function roomNoise(frames: number, rmsDb: number): Float32Array {
  let state = 99;
  const amplitude = 10 ** (rmsDb / 20) * Math.sqrt(3);
  return Float32Array.from({ length: frames }, () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state / 2 ** 32 - 0.5) * 2 * amplitude;
  });
}

async function clipFile(name: string, seconds: number, rmsDb: number): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, encodeWav(roomNoise(Math.round(seconds * 48_000), rmsDb), 48_000));
  return file;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-room-tone-clip-'));
  // 70 s: long enough for the export to render its second half in a helper thread (from 60 s on).
  project = await makeSmallProject(path.join(folder, 'sources'), 70);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function speechOnly(outputPath: string, roomTone: RoomToneSettings, format: 'mp3' | 'wav'): ExportRequest {
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
      audio: format === 'mp3' ? { format: 'mp3', bitrateKbps: 192 } : { format: 'wav', bitDepth: 16 },
      loudness: { kind: 'rms', rmsDb: -20, peakDb: -3.5 },
      subtitles: { srt: false, vtt: false },
      roomTone,
    },
    outputPath,
    pcmCacheDir: path.join(folder, 'cache'),
    renderThreads: 2,
  };
}

const bed: RoomToneSettings = { levelDb: DEFAULT_ROOM_TONE_DB, seed: 1 };

describe('room tone in a long export rendered in two halves', () => {
  it('lays the generated bed in the helper’s half too (its pauses were digital zero)', async () => {
    const output = path.join(folder, 'two-halves.wav');
    const result = await engine.exportMix(speechOnly(output, bed, 'wav'));
    expect(result.splitFrame).toBeDefined();
    const measured = await measureAudioFile(output);
    expect(measured.longestDigitalZeroMs).toBeLessThan(5);
    expect(measured.noiseFloorDb).toBeGreaterThan(DEFAULT_ROOM_TONE_DB - 3);
  }, 120_000);
});

describe('the user’s room-tone clip', () => {
  it('loops the clip under pauses, heads and tails at its own level, in both halves of an MP3', async () => {
    const clip = await clipFile('quiet room.wav', 1.5, -66);
    const output = path.join(folder, 'with-clip.mp3');
    await engine.exportMix(speechOnly(output, { ...bed, clip: { path: clip, maxRmsDb: -60 } }, 'mp3'));
    const measured = await measureAudioFile(output);
    expect(measured.longestDigitalZeroMs).toBeLessThan(5);
    // The clip's −66 dB, not the generated bed's −70 dB.
    expect(measured.noiseFloorDb).toBeGreaterThan(-67.5);
    expect(measured.noiseFloorDb).toBeLessThan(-64.5);
  }, 120_000);

  it('refuses a clip louder than the noise floor, naming the file and the rule', async () => {
    const clip = await clipFile('hiss.wav', 1, -50);
    const request = speechOnly(
      path.join(folder, 'loud.wav'),
      { ...bed, clip: { path: clip, maxRmsDb: -60 } },
      'wav',
    );
    await expect(engine.exportMix(request)).rejects.toThrow(
      /Room-tone clip “.*hiss\.wav” is -5\d\.\d dB RMS: room tone must be at most -60 dB RMS \(the noise-floor limit\)/u,
    );
  }, 120_000);

  it('names a missing clip, and a FIFO behind the clip’s name, without hanging', async () => {
    const missing = path.join(folder, 'gone.wav');
    const request = (clipPath: string) =>
      speechOnly(path.join(folder, 'none.wav'), { ...bed, clip: { path: clipPath, maxRmsDb: -60 } }, 'wav');
    await expect(engine.exportMix(request(missing))).rejects.toThrow(
      /Room-tone clip: “gone\.wav” does not exist/u,
    );
    const fifo = path.join(folder, 'pipe.wav');
    execFileSync('mkfifo', [fifo]);
    await expect(engine.exportMix(request(fifo))).rejects.toThrow(/Room-tone clip: “pipe\.wav” is not/u);
  }, 120_000);
});
