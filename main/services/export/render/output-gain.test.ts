import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoudnessMeter } from '../../../../common/export/loudness-meter.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import type { CachedSource } from '../decode/pcm-cache.js';
import { fakeCachedSource } from '../test-support/cached-sources.js';
import { limiterProcessing, outputGain } from './output-gain.js';
import { renderOutput, type OutputProcessing } from './output-render.js';
import { TimelineMixer } from './timeline-mixer.js';

const rate = 8000;
let folder: string;
const sources = new Map<string, CachedSource>();

// A peaky "voice": a 120 Hz pulse train (one sharp peak per period, as a glottal pulse), 2 s of it in 6 s.
const plan: RenderPlan = {
  sampleRate: rate,
  channels: 1,
  durationMs: 6000,
  cues: [],
  clips: [
    {
      id: 'line',
      track: 'speech',
      sourceKey: 'pulses',
      startMs: 1000,
      durationMs: 2000,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    },
  ],
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-output-gain-'));
  const pulses = Float32Array.from({ length: 2 * rate }, (_, i) => {
    const phase = (i * 120) / rate - Math.floor((i * 120) / rate);
    return 0.5 * Math.exp(-phase * 60) * Math.cos(2 * Math.PI * 700 * (phase / 120));
  });
  sources.set('pulses', await fakeCachedSource(folder, 'pulses', rate, 1, pulses));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const control = { isCancelled: () => false, onFraction: () => {} };

async function rendered(processing: OutputProcessing, from = 0, to = (plan.durationMs * rate) / 1000) {
  const mixer = new TimelineMixer(plan, sources, rate);
  const out = new Float32Array(to - from);
  await renderOutput(mixer, 1, processing, { from, to }, control, (block, frames, atFrame) => {
    out.set(block[0]!.subarray(0, frames), atFrame - from);
    return true;
  });
  mixer.close();
  return out;
}

function measure(samples: Float32Array) {
  const meter = new LoudnessMeter(rate, 1);
  meter.add([samples], samples.length);
  return meter.result();
}

describe('outputGain for an RMS target (ACX)', () => {
  it('lifts a peaky mix the limiter would leave under the target to within half a dB of it, peaks held', async () => {
    const measured = measure(await rendered({ gain: 1 }));
    const target = { kind: 'rms', rmsDb: -20, peakDb: -3.5 } as const;
    const mixer = new TimelineMixer(plan, sources, rate);
    const gain = await outputGain(target, measured, 'wav', mixer, 1, control);
    mixer.close();
    const plain = target.rmsDb - measured.rmsDb;
    expect(gain.gainDb).toBeGreaterThan(plain);
    const output = measure(await rendered(limiterProcessing(gain)));
    expect(Math.abs(output.rmsDb - target.rmsDb)).toBeLessThan(0.5);
    expect(output.samplePeakDb).toBeLessThanOrEqual(-3.5 + 0.01);
    // The plain gain alone, through the same limiter, lands well under the target.
    const unlifted = measure(await rendered(limiterProcessing({ ...gain, gainDb: plain })));
    expect(unlifted.rmsDb).toBeLessThan(target.rmsDb - 1);
  });

  it('renders a range on its own (a chapter, the helper’s half) as the whole pass renders it', async () => {
    const processing = limiterProcessing({
      gainDb: 14,
      ceilingDb: -4,
      limiterReleaseMs: 20,
      phaseRotation: true,
    });
    const whole = await rendered(processing);
    const part = await rendered(processing, 2 * rate + 77, 5 * rate);
    expect(part).toEqual(whole.subarray(2 * rate + 77, 5 * rate));
  });

  it('leaves a LUFS target’s gain and the limiter’s defaults as they were', async () => {
    const measured = measure(await rendered({ gain: 1 }));
    const mixer = new TimelineMixer(plan, sources, rate);
    const gain = await outputGain(
      { kind: 'lufs', integratedLufs: -16, truePeakDb: -1 },
      measured,
      'mp3',
      mixer,
      1,
      control,
    );
    mixer.close();
    expect(gain).toEqual({ gainDb: -16 - measured.integratedLufs, ceilingDb: -1.5 });
  });
});
