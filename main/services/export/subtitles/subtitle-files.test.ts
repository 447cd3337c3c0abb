import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import type { CachedSource } from '../decode/pcm-cache.js';
import { stageSubtitleFiles, subtitlePathsFor, withDetectedSilences } from './subtitle-files.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-subfiles-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const source: CachedSource = {
  version: 2,
  sourceKey: 'voice',
  sampleRate: 44100,
  channels: 1,
  frames: 441000,
  sourceSampleRate: 24000,
  sourceFormat: 'mp3',
  silences: [
    { startMs: 0, endMs: 300 },
    { startMs: 2300, endMs: 2700 },
    { startMs: 6000, endMs: 6400 },
    { startMs: 9500, endMs: 10000 },
  ],
  pcmPath: '/nowhere.f32',
};

describe('withDetectedSilences', () => {
  it('gives each block the silences of its clip, shifted by the source offset and cut to the block', () => {
    const plan: Pick<RenderPlan, 'clips' | 'cues'> = {
      clips: [
        {
          id: 'c',
          track: 'speech',
          sourceKey: 'voice',
          startMs: 1000,
          sourceOffsetMs: 2000,
          durationMs: 5000,
          gainDb: 0,
          fadeInMs: 0,
          fadeOutMs: 0,
        },
      ],
      cues: [
        { blockId: 'b', clipId: 'c', text: 'x', startMs: 1000, durationMs: 5000 },
        {
          blockId: 'given',
          clipId: 'c',
          text: 'y',
          startMs: 1000,
          durationMs: 5000,
          silences: [{ startMs: 1, endMs: 2 }],
        },
        { blockId: 'no-clip', text: 'z', startMs: 0, durationMs: 100 },
      ],
    };
    const [withSilences, given, noClip] = withDetectedSilences(plan, new Map([['voice', source]]));
    expect(withSilences?.silences).toEqual([
      { startMs: 300, endMs: 700 },
      { startMs: 4000, endMs: 4400 },
    ]);
    expect(given?.silences).toEqual([{ startMs: 1, endMs: 2 }]);
    expect(noClip?.silences).toBeUndefined();
  });
});

describe('stageSubtitleFiles', () => {
  it('writes SRT and WebVTT under temporary names next to the audio, published on demand', async () => {
    const audio = path.join(folder, 'show.mp3');
    const staged = stageSubtitleFiles(
      [{ blockId: 'b', text: 'Hello there. General remarks follow.', startMs: 500, durationMs: 3000 }],
      { path: audio, endMs: 3500 },
      { srt: true, vtt: true },
      undefined,
    );
    expect((await readdir(folder)).every((name) => name.endsWith('.partial'))).toBe(true);
    for (const file of staged) file.publish();
    expect((await readdir(folder)).sort()).toEqual(['show.srt', 'show.vtt']);
    expect(readFileSync(subtitlePathsFor(audio).srt, 'utf8')).toMatch(/^1\n00:00:00,500 --> /u);
    expect(readFileSync(subtitlePathsFor(audio).vtt, 'utf8')).toMatch(/^WEBVTT\n\n1\n00:00:00\.500 --> /u);
  });

  it('writes nothing when no format is asked for', () => {
    expect(
      stageSubtitleFiles(
        [],
        { path: path.join(folder, 'x.wav'), endMs: 0 },
        { srt: false, vtt: false },
        undefined,
      ),
    ).toEqual([]);
  });
});
