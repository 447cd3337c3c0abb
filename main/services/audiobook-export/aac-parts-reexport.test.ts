import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWorkerEntry } from '../export/worker-launcher.js';
import { decodeWithFfmpeg, ffmpeg } from '../export/test-support/media-tools.js';
import { snrDb } from '../video-export/test-support/aac-sweep.js';
import { AacPartCache } from './aac-part-cache.js';
import { encodeAacParts } from './aac-part-encode.js';
import { writeAudiobookFile } from './audiobook-file.js';
import { boxParts, findBox, parseBoxes } from './mp4-box-tree.js';

/**
 * The M4B exported again after an edit (aac-part-encode.ts): only the edited part is encoded again, the book is
 * byte for byte the one a part-wise export without a cache writes, and its joins decode as a single pass does.
 */

const RATE = 44_100;
const SECONDS = 60;
/** Three chapters; the edit (a 1 kHz tone from 48 s to 49 s) is in the third, out of the others' encoders' reach. */
const CHAPTER_STARTS_MS = [0, 20_000, 40_000];
/** The app joins chapters under two minutes into one part; the fixture's are 20 s, to keep the test quick. */
const SHORTEST_PART_SECONDS = 10;
const SIGNAL = '0.3*sin(2*PI*(200+10*t)*t)+0.2*sin(2*PI*330*t)';
// Commas escaped: unescaped, the filter graph reads them as the end of aevalsrc's expression.
const EDIT = '+if(between(t\\,48\\,49)\\,0.1*sin(2*PI*1000*t)\\,0)';
/** An edit at 38–39 s: in the second chapter, and in the 30 s the third part's encoder runs before its first packet. */
const WARM_UP_EDIT = '+if(between(t\\,38\\,39)\\,0.1*sin(2*PI*1000*t)\\,0)';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-aac-parts-'));
  for (const [name, expression] of [
    ['before.wav', SIGNAL],
    ['after.wav', SIGNAL + EDIT],
    ['warm-up-edit.wav', SIGNAL + WARM_UP_EDIT],
  ] as const) {
    await ffmpeg([
      ...['-v', 'error', '-f', 'lavfi', '-i', `aevalsrc=${expression}:s=${RATE}:d=${SECONDS}`],
      ...['-c:a', 'pcm_s16le', path.join(dir, name)],
    ]);
  }
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function book(wavName: string, outputName: string, cache?: AacPartCache) {
  return writeAudiobookFile({
    wavPath: path.join(dir, wavName),
    outputPath: path.join(dir, outputName),
    format: 'm4b',
    bitrateKbps: 64,
    workerEntry: defaultWorkerEntry(),
    frames: SECONDS * RATE,
    sampleRate: RATE,
    tags: {
      metadata: { title: 'Parts' },
      chapters: CHAPTER_STARTS_MS.map((startMs, index) => ({
        title: `Chapter ${index + 1}`,
        startMs,
        endMs: CHAPTER_STARTS_MS[index + 1] ?? SECONDS * 1000,
      })),
      markers: true,
      chaptersJson: false,
    },
    parts: cache ? { cache, shortestPartSeconds: SHORTEST_PART_SECONDS } : undefined,
  });
}

/** The file with mediabunny's creation and modification times (mvhd, tkhd, mdhd: the second it was made) zeroed. */
async function withoutTimes(filePath: string): Promise<Buffer> {
  const boxes = parseBoxes(new Uint8Array(await readFile(filePath)));
  const moov = findBox(boxes, 'moov')!;
  const traks = moov.children!.filter((box) => box.type === 'trak');
  const timed = [
    findBox(moov.children!, 'mvhd'),
    ...traks.flatMap((trak) => [findBox(trak.children!, 'tkhd'), findBox(trak.children!, 'mdia', 'mdhd')]),
  ];
  for (const box of timed) {
    const payload = box!.payload!;
    payload.fill(0, 4, payload[0] === 1 ? 20 : 12);
  }
  return Buffer.concat(boxes.flatMap(boxParts));
}

/** The largest jump between consecutive samples over frames [from, to) (mono). */
function largestJump(samples: Float32Array, from: number, to: number): number {
  let largest = 0;
  for (let frame = from + 1; frame < to; frame += 1) {
    largest = Math.max(largest, Math.abs(samples[frame]! - samples[frame - 1]!));
  }
  return largest;
}

describe('an M4B exported again after an edit', () => {
  it('encodes only the edited part again and equals a part-wise export made without a cache, byte for byte', async () => {
    const cache = new AacPartCache(path.join(dir, 'cache'));
    await book('before.wav', 'first.m4b', cache);
    const parts = await encodeAacParts({
      workerEntry: defaultWorkerEntry(),
      wavPath: path.join(dir, 'after.wav'),
      bitrateKbps: 64,
      cache,
      chapterStarts: CHAPTER_STARTS_MS.map((ms) => (ms / 1000) * RATE),
      shortestPartSeconds: SHORTEST_PART_SECONDS,
    });
    expect({ reused: parts.reused, encoded: parts.encoded }).toEqual({ reused: 2, encoded: 1 });
    await book('after.wav', 'again.m4b', cache);
    await book('after.wav', 'full.m4b', new AacPartCache(path.join(dir, 'empty-cache')));
    const [again, full, first] = await Promise.all(
      ['again.m4b', 'full.m4b', 'first.m4b'].map((name) => withoutTimes(path.join(dir, name))),
    );
    expect(again!.equals(full!)).toBe(true);
    // The edit is in the book: not the first export's bytes.
    expect(again!.equals(first!)).toBe(false);
  }, 120_000);

  it('encodes a part again when only its encoder’s warm-up changed (the end of the chapter before it)', async () => {
    const cache = new AacPartCache(path.join(dir, 'warm-up-cache'));
    const encode = (wavName: string) =>
      encodeAacParts({
        workerEntry: defaultWorkerEntry(),
        wavPath: path.join(dir, wavName),
        bitrateKbps: 64,
        cache,
        chapterStarts: CHAPTER_STARTS_MS.map((ms) => (ms / 1000) * RATE),
        shortestPartSeconds: SHORTEST_PART_SECONDS,
      });
    expect((await encode('before.wav')).encoded).toBe(3);
    const again = await encode('warm-up-edit.wav');
    // The second part holds the edit; the third's own samples are unchanged, but its encoder read the edit.
    expect({ reused: again.reused, encoded: again.encoded }).toEqual({ reused: 1, encoded: 2 });
  }, 120_000);

  it('decodes at every join as a single-pass encode does: SNR against the mix and the largest sample jump', async () => {
    await book('after.wav', 'single.m4b');
    const full = path.join(dir, 'full.m4b');
    if (!(await readFile(full).catch(() => null))) {
      await book('after.wav', 'full.m4b', new AacPartCache(path.join(dir, 'empty-cache')));
    }
    const [source, single, joined] = await Promise.all(
      [path.join(dir, 'after.wav'), path.join(dir, 'single.m4b'), full].map((file, index) =>
        decodeWithFfmpeg(file, RATE, 1, path.join(dir, `decoded-${index}.f32`)),
      ),
    );
    const total = SECONDS * RATE;
    expect(Math.abs(joined!.length - total)).toBeLessThanOrEqual(1024);
    const whole = {
      single: snrDb(single!, source!, RATE, total - RATE),
      joined: snrDb(joined!, source!, RATE, total - RATE),
    };
    console.info(
      `SNR whole ${whole.joined.toFixed(2)} dB parts vs ${whole.single.toFixed(2)} dB single pass`,
    );
    expect(whole.joined).toBeGreaterThan(whole.single - 0.5);
    for (const startMs of CHAPTER_STARTS_MS.slice(1)) {
      const join = Math.floor(((startMs / 1000) * RATE) / 1024) * 1024;
      const near = { from: join - 2048, to: join + 2048 };
      const local = {
        single: snrDb(single!, source!, near.from, near.to),
        joined: snrDb(joined!, source!, near.from, near.to),
      };
      const jumps = {
        source: largestJump(source!, near.from, near.to),
        single: largestJump(single!, near.from, near.to),
        joined: largestJump(joined!, near.from, near.to),
      };
      console.info(
        `join at ${(join / RATE).toFixed(3)} s: SNR ${local.joined.toFixed(2)} dB parts vs ${local.single.toFixed(2)} dB ` +
          `single pass; largest jump ${jumps.joined.toFixed(4)} parts, ${jumps.single.toFixed(4)} single, ${jumps.source.toFixed(4)} source`,
      );
      expect(local.joined).toBeGreaterThan(local.single - 3);
      expect(jumps.joined).toBeLessThanOrEqual(Math.max(jumps.source, jumps.single) * 1.1);
    }
  }, 120_000);
});
