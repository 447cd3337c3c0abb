import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWorkerEntry } from '../export/worker-launcher.js';
import { decodeWithFfmpeg } from '../export/test-support/media-tools.js';
import {
  SWEEP_RATE,
  SWEEP_SECONDS,
  sweepSnr,
  writeSweepMix,
} from '../video-export/test-support/aac-sweep.js';
import { writeAudiobookFile } from './audiobook-file.js';

/** The M4B's AAC encoded in two lanes at once (aac-encode.ts), read back by ffmpeg. */

const RATE = SWEEP_RATE;
const SECONDS = SWEEP_SECONDS;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-aac-encode-'));
  await writeSweepMix(path.join(dir, 'mix.wav'), 1);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('AAC in two lanes', () => {
  it('joins the halves as one stream: no seam at the split, as long as the timeline within one AAC frame', async () => {
    const outputPath = path.join(dir, 'book.m4b');
    const fractions: number[] = [];
    await writeAudiobookFile({
      wavPath: path.join(dir, 'mix.wav'),
      outputPath,
      format: 'm4b',
      bitrateKbps: 64,
      workerEntry: defaultWorkerEntry(),
      frames: SECONDS * RATE,
      sampleRate: RATE,
      onFraction: (fraction) => fractions.push(fraction),
    });
    const decoded = await decodeWithFfmpeg(outputPath, RATE, 1, path.join(dir, 'out.f32'));
    const reference = await decodeWithFfmpeg(path.join(dir, 'mix.wav'), RATE, 1, path.join(dir, 'ref.f32'));
    expect(Math.abs(decoded.length - SECONDS * RATE)).toBeLessThanOrEqual(1024);
    const { whole, seam, before, after } = sweepSnr(decoded, reference);
    console.info(
      `SNR whole ${whole.toFixed(1)} dB, seam ${seam.toFixed(1)}, before ${before.toFixed(1)}, after ${after.toFixed(1)}`,
    );
    // A broken overlap-add at the split would drop the seam below 10 dB; a lane started cold, its first seconds.
    expect(whole).toBeGreaterThan(25);
    expect(seam).toBeGreaterThan(before - 3);
    expect(after).toBeGreaterThan(before - 3);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((fraction, index) => index === 0 || fraction >= fractions[index - 1]!)).toBe(true);
  }, 180_000);

  it('stops when cancelled, leaving no staged packets', async () => {
    const outputPath = path.join(dir, 'cancelled.m4b');
    const controller = new AbortController();
    const written = writeAudiobookFile({
      wavPath: path.join(dir, 'mix.wav'),
      outputPath,
      format: 'm4b',
      bitrateKbps: 64,
      workerEntry: defaultWorkerEntry(),
      frames: SECONDS * RATE,
      sampleRate: RATE,
      signal: controller.signal,
      onFraction: (fraction) => {
        if (fraction > 0.1) controller.abort();
      },
    });
    await expect(written).rejects.toMatchObject({ name: 'ExportCancelledError' });
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir)).filter((name) => name.includes('cancelled'))).toEqual([]);
  }, 180_000);
});
