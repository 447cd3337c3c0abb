import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbToGain } from '../../../../common/export/gain-envelope.js';
import type { RenderClip, RenderPlan } from '../../../../common/export/render-plan.js';
import type { CachedSource } from '../decode/pcm-cache.js';
import { fakeCachedSource } from '../test-support/cached-sources.js';
import { TimelineMixer } from './timeline-mixer.js';

const rate = 1000;
let folder: string;
const sources = new Map<string, CachedSource>();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-mixer-'));
  // Mono ramp 1..100 (value = (i+1)/100), stereo constant (0.5, -0.25) for 50 frames.
  sources.set(
    'ramp',
    await fakeCachedSource(
      folder,
      'ramp',
      rate,
      1,
      Float32Array.from({ length: 100 }, (_, i) => (i + 1) / 100),
    ),
  );
  sources.set(
    'stereo',
    await fakeCachedSource(
      folder,
      'stereo',
      rate,
      2,
      Float32Array.from({ length: 100 }, (_, i) => (i % 2 ? -0.25 : 0.5)),
    ),
  );
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function clip(partial: Partial<RenderClip> & Pick<RenderClip, 'id' | 'sourceKey'>): RenderClip {
  return { track: 'speech', startMs: 0, durationMs: 100, gainDb: 0, fadeInMs: 0, fadeOutMs: 0, ...partial };
}

function render(plan: Omit<RenderPlan, 'sampleRate' | 'cues'>, block = 7): Float32Array[] {
  const full: RenderPlan = { sampleRate: rate, cues: [], ...plan };
  const mixer = new TimelineMixer(full, sources, block);
  const out = Array.from({ length: full.channels }, () => new Float32Array(mixer.totalFrames));
  const scratch = Array.from({ length: full.channels }, () => new Float32Array(block));
  for (let from = 0; from < mixer.totalFrames; from += block) {
    const count = Math.min(block, mixer.totalFrames - from);
    mixer.render(from, count, scratch);
    scratch.forEach((channel, c) => out[c]!.set(channel.subarray(0, count), from));
  }
  mixer.close();
  return out;
}

describe('TimelineMixer', () => {
  it('places a clip at its start, from its source offset, for its duration', () => {
    const [left, right] = render({
      channels: 2,
      durationMs: 200,
      clips: [clip({ id: 'a', sourceKey: 'ramp', startMs: 30, sourceOffsetMs: 10, durationMs: 50 })],
    });
    expect(left![29]).toBe(0);
    expect(left![30]).toBeCloseTo(0.11 * Math.SQRT1_2, 6);
    expect(left![79]).toBeCloseTo(0.6 * Math.SQRT1_2, 6);
    expect(left![80]).toBe(0);
    // A mono source plays on both channels at −3 dB, as ffmpeg upmixes (constant power).
    expect([...right!]).toEqual([...left!]);
  });

  it('applies gain and linear fades', () => {
    const [mono] = render({
      channels: 1,
      durationMs: 100,
      clips: [
        clip({ id: 'a', sourceKey: 'stereo', durationMs: 50, gainDb: -6, fadeInMs: 10, fadeOutMs: 10 }),
      ],
    });
    // Stereo to mono is (L + R)·√½, as ffmpeg downmixes: (0.5 − 0.25)·√½.
    const level = 0.25 * Math.SQRT1_2 * dbToGain(-6);
    expect(mono![0]).toBe(0);
    expect(mono![5]).toBeCloseTo(level * 0.5, 6);
    expect(mono![20]).toBeCloseTo(level, 6);
    expect(mono![45]).toBeCloseTo(level * 0.5, 6);
    expect(mono![50]).toBe(0);
  });

  it('sums overlapping clips and stops a clip where its source ends unless it loops', () => {
    const [mono] = render({
      channels: 1,
      durationMs: 300,
      clips: [
        clip({ id: 'short', sourceKey: 'ramp', startMs: 0, durationMs: 250 }),
        clip({
          id: 'loop',
          track: 'music',
          sourceKey: 'ramp',
          startMs: 50,
          durationMs: 250,
          loop: true,
          gainDb: -20,
        }),
      ],
    });
    const music = (frame: number): number => ((((frame - 50) % 100) + 1) / 100) * dbToGain(-20);
    expect(mono![60]).toBeCloseTo(0.61 + music(60), 6);
    expect(mono![120]).toBeCloseTo(music(120), 6);
    expect(mono![155]).toBeCloseTo(music(155), 6);
    expect(mono![299]).toBeCloseTo(music(299), 6);
  });

  it('ducks music under speech, and only music', () => {
    const [mono] = render({
      channels: 1,
      durationMs: 400,
      ducking: { enabled: true, reductionDb: 20, attackMs: 10, releaseMs: 20 },
      clips: [
        clip({ id: 'speech', sourceKey: 'ramp', startMs: 100, durationMs: 100 }),
        clip({ id: 'music', track: 'music', sourceKey: 'stereo', startMs: 0, durationMs: 400, loop: true }),
      ],
    });
    const music = 0.25 * Math.SQRT1_2;
    expect(mono![50]).toBeCloseTo(music, 6);
    expect(mono![150]).toBeCloseTo(0.51 + music * dbToGain(-20), 6);
    expect(mono![300]).toBeCloseTo(music, 6);
    expect(mono![95]).toBeLessThan(music);
  });

  it('ducks a bed with its own depth (a video’s original sound), with music ducking off or at another depth', () => {
    const bed = clip({
      id: 'bed',
      track: 'music',
      sourceKey: 'stereo',
      durationMs: 400,
      loop: true,
      duckDb: 6,
    });
    const speech = clip({ id: 'speech', sourceKey: 'ramp', startMs: 100, durationMs: 100 });
    const level = 0.25 * Math.SQRT1_2;
    for (const ducking of [
      { enabled: false, reductionDb: 20, attackMs: 10, releaseMs: 20 },
      { enabled: true, reductionDb: 20, attackMs: 10, releaseMs: 20 },
    ]) {
      const music = clip({ ...bed, id: 'music', duckDb: undefined });
      const [mono] = render({ channels: 1, durationMs: 400, ducking, clips: [speech, bed, music] });
      const musicAt150 = ducking.enabled ? level * dbToGain(-20) : level;
      expect(mono![50]).toBeCloseTo(2 * level, 6);
      expect(mono![150]).toBeCloseTo(0.51 + level * dbToGain(-6) + musicAt150, 6);
      expect(mono![300]).toBeCloseTo(2 * level, 6);
    }
  });

  it('renders the same whatever the block size', () => {
    const plan = {
      channels: 2 as const,
      durationMs: 300,
      ducking: { enabled: true, reductionDb: 12, attackMs: 15, releaseMs: 40 },
      clips: [
        clip({ id: 'a', sourceKey: 'ramp', startMs: 20, durationMs: 90, fadeInMs: 5, fadeOutMs: 30 }),
        clip({
          id: 'm',
          track: 'music' as const,
          sourceKey: 'stereo',
          startMs: 0,
          durationMs: 300,
          loop: true,
          fadeInMs: 50,
        }),
      ],
    };
    const small = render(plan, 3);
    const large = render(plan, 300);
    for (let c = 0; c < 2; c += 1) {
      for (let i = 0; i < 300; i += 1) expect(small[c]![i]).toBeCloseTo(large[c]![i]!, 6);
    }
  });

  it('refuses a clip whose source was not decoded', () => {
    expect(
      () =>
        new TimelineMixer(
          {
            sampleRate: rate,
            channels: 1,
            durationMs: 10,
            cues: [],
            clips: [clip({ id: 'x', sourceKey: 'nope' })],
          },
          sources,
          10,
        ),
    ).toThrow(/clip "x": source "nope" has not been decoded/);
  });
});
