import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWithFfmpeg, ffmpeg } from '../export/test-support/media-tools.js';
import { readPackets } from './aac-lanes.js';
import { SWEEP_RATE, SWEEP_SECONDS, sweepSnr, writeSweepMix } from './test-support/aac-sweep.js';
import { remuxWithSoundtrack } from './soundtrack-remux.js';

const RATE = SWEEP_RATE;
const SECONDS = SWEEP_SECONDS;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-aac-lanes-'));
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc=size=64x48:rate=5:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', path.join(dir, 'picture.mp4')],
  ]);
  await writeSweepMix(path.join(dir, 'mix.wav'), 2);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the soundtrack encoded on two cores', () => {
  it('joins the two halves as one stream: no seam at the split, the whole as long as the video', async () => {
    const outputPath = path.join(dir, 'out.mp4');
    await remuxWithSoundtrack({
      videoPath: path.join(dir, 'picture.mp4'),
      mixWavPath: path.join(dir, 'mix.wav'),
      outputPath,
      container: 'mp4',
      keepOriginalAudio: false,
    });
    const decoded = await decodeWithFfmpeg(outputPath, RATE, 1, path.join(dir, 'out.f32'));
    const reference = await decodeWithFfmpeg(path.join(dir, 'mix.wav'), RATE, 1, path.join(dir, 'ref.f32'));
    expect(Math.abs(decoded.length - SECONDS * RATE)).toBeLessThanOrEqual(1024);
    const { whole, seam, before, after } = sweepSnr(decoded, reference);
    // The seam is no worse than the second before it (a broken overlap-add there would drop it below 10 dB; a
    // second encoder started cold was 25 dB worse for its first ~20 s), and the halves are alike.
    expect(whole).toBeGreaterThan(25);
    expect(seam).toBeGreaterThan(before - 3);
    expect(after).toBeGreaterThan(before - 3);
  }, 120_000);
});

describe('readPackets', () => {
  /** A staged record as the lanes write it: timestamp and duration (float64), length (uint32), bytes. */
  function staged(timestamp: number, bytes: Uint8Array): Buffer {
    const header = Buffer.alloc(20);
    header.writeDoubleLE(timestamp, 0);
    header.writeDoubleLE(0.5, 8);
    header.writeUInt32LE(bytes.length, 16);
    return Buffer.concat([header, bytes]);
  }

  it('reads back records across its 1 MiB buffer, one longer than the buffer included', async () => {
    const sizes = [700, 1024 * 1024 - 30, 1_500_000, 9, 600];
    const payloads = sizes.map((size, index) => new Uint8Array(size).map((_, at) => (at * 7 + index) % 251));
    const filePath = path.join(dir, 'staged.aac-1');
    await writeFile(filePath, Buffer.concat(payloads.map((bytes, index) => staged(index, bytes))));
    const read = [];
    for await (const packet of readPackets([filePath])) read.push(packet);
    expect(read.map((packet) => packet.timestamp)).toEqual([0, 1, 2, 3, 4]);
    read.forEach((packet, index) => expect(Buffer.compare(packet.data, payloads[index]!)).toBe(0));
  });
});
