import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWorkerEntry } from '../export/worker-launcher.js';
import { decodeWithFfmpeg, ffmpeg } from '../export/test-support/media-tools.js';
import { writeAudiobookFile } from './audiobook-file.js';

/** The M4B's AAC encoded in two lanes at once (aac-encode.ts), read back by ffmpeg. */

const RATE = 44_100;
const SECONDS = 130;
let dir: string;

/** Signal-to-error ratio in dB of `actual` against `reference` over [from, to). */
function snrDb(actual: Float32Array, reference: Float32Array, from: number, to: number): number {
  let signal = 0;
  let error = 0;
  for (let index = from; index < to; index += 1) {
    signal += reference[index]! ** 2;
    error += (actual[index]! - reference[index]!) ** 2;
  }
  return 10 * Math.log10(signal / Math.max(error, Number.MIN_VALUE));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-aac-encode-'));
  // A slow sweep through the middle (where the two lanes meet) and a tone: a seam would show in either.
  await ffmpeg([
    ...['-v', 'error', '-f', 'lavfi', '-i'],
    `aevalsrc=0.3*sin(2*PI*(200+10*t)*t)+0.2*sin(2*PI*330*t):s=${RATE}:d=${SECONDS}`,
    ...['-c:a', 'pcm_s16le', path.join(dir, 'mix.wav')],
  ]);
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
    const split = Math.round((SECONDS * RATE) / 2 / 1024) * 1024;
    const whole = snrDb(decoded, reference, RATE, SECONDS * RATE - RATE);
    const seam = snrDb(decoded, reference, split - 4096, split + 4096);
    const before = snrDb(decoded, reference, split - 2 * RATE, split - RATE);
    const after = snrDb(decoded, reference, split + RATE, split + 2 * RATE);
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
