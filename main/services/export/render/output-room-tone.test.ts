import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoiseFloorMeter } from '../../../../common/export/noise-floor-meter.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import type { CachedSource } from '../decode/pcm-cache.js';
import { fakeCachedSource } from '../test-support/cached-sources.js';
import { renderOutput, type OutputProcessing } from './output-render.js';
import { TimelineMixer } from './timeline-mixer.js';

const rate = 8000;
let folder: string;
const sources = new Map<string, CachedSource>();

// One second of "speech" (a 200 Hz tone) at 1 s and at 3 s on a 5 s timeline: head, pause and tail are silent.
const plan: RenderPlan = {
  sampleRate: rate,
  channels: 1,
  durationMs: 5000,
  cues: [],
  clips: [1000, 3000].map((startMs, index) => ({
    id: `line-${index}`,
    track: 'speech',
    sourceKey: 'tone',
    startMs,
    durationMs: 1000,
    gainDb: 0,
    fadeInMs: 0,
    fadeOutMs: 0,
  })),
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-room-tone-'));
  const tone = Float32Array.from({ length: rate }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 200 * i) / rate));
  sources.set('tone', await fakeCachedSource(folder, 'tone', rate, 1, tone));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function rendered(processing: OutputProcessing, from = 0, to = (plan.durationMs * rate) / 1000) {
  const mixer = new TimelineMixer(plan, sources, rate);
  const out = new Float32Array(to - from);
  const control = { isCancelled: () => false, onFraction: () => {} };
  await renderOutput(mixer, 1, processing, { from, to }, control, (block, frames, atFrame) => {
    out.set(block[0]!.subarray(0, frames), atFrame - from);
    return true;
  });
  mixer.close();
  return out;
}

function floorOf(samples: Float32Array) {
  const meter = new NoiseFloorMeter(rate, 1);
  meter.add([samples], samples.length);
  return meter.finish();
}

describe('renderOutput with room tone', () => {
  it('leaves head, pause and tail digital zero without it', async () => {
    const { noiseFloorDb, longestDigitalZeroMs } = floorOf(await rendered({ gain: 1 }));
    expect(noiseFloorDb).toBe(-Infinity);
    expect(longestDigitalZeroMs).toBeGreaterThanOrEqual(1000);
  });

  it('fills head, pause and tail with the bed at its level, whatever the normalising gain', async () => {
    const { noiseFloorDb, longestDigitalZeroMs } = floorOf(
      await rendered({ gain: 0.25, ceiling: 0.5, roomTone: { levelDb: -70, seed: 5 } }),
    );
    expect(noiseFloorDb).toBeGreaterThan(-71);
    expect(noiseFloorDb).toBeLessThan(-69);
    expect(longestDigitalZeroMs).toBeLessThan(1);
  });

  it('lays the same bed in a range rendered on its own (a chapter file) as in the whole pass', async () => {
    const processing = { gain: 1, roomTone: { levelDb: -70, seed: 5 } };
    const whole = await rendered(processing);
    const chapter = await rendered(processing, 2 * rate + 123, 4 * rate);
    expect(Array.from(chapter)).toEqual(Array.from(whole.subarray(2 * rate + 123, 4 * rate)));
  });
});
