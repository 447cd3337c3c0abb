import { describe, expect, it } from 'vitest';
import type { Mp4Box } from './mp4-box-tree.js';
import { SampleLog } from './mp4-sample-table.js';

/** The sample tables built from sizes alone (mp4-sample-table.ts), read back field by field. */

const RATE = 44_100;
const FRAME = 1024;

function words(box: Mp4Box, from: number, count: number): number[] {
  const view = new DataView(box.payload!.buffer, box.payload!.byteOffset, box.payload!.byteLength);
  return Array.from({ length: count }, (_, index) => view.getUint32(from + index * 4));
}

function tablesOf(log: SampleLog, firstOffset: number): Record<string, Mp4Box> {
  return Object.fromEntries(log.tables(firstOffset, FRAME).map((box) => [box.type, box]));
}

describe('SampleLog', () => {
  const sizes = Array.from({ length: 50 }, (_, index) => 150 + ((index * 37) % 90));

  it('writes each size in stsz and each half-second chunk’s file offset in stco', () => {
    const log = new SampleLog(RATE);
    for (const size of sizes) log.add(size, FRAME);
    const { stts, stsc, stsz, stco } = tablesOf(log, 40);
    // stsz: version/flags, one size for all (0: each its own), the count, then each packet's size.
    expect(words(stsz!, 4, 2)).toEqual([0, sizes.length]);
    expect(words(stsz!, 12, sizes.length)).toEqual(sizes);
    // Half a second at 44.1 kHz is 22 packets of 1,024 frames: chunks of 22, 22 and the last 6.
    expect(words(stsc!, 4, 7)).toEqual([2, 1, 22, 1, 3, 6, 1]);
    const starts = [0, 22, 44].map(
      (first) => 40 + sizes.slice(0, first).reduce((sum, size) => sum + size, 0),
    );
    expect(words(stco!, 4, 4)).toEqual([3, ...starts]);
    expect(words(stts!, 4, 3)).toEqual([1, sizes.length, FRAME]);
    expect(log.duration).toBe(sizes.length * FRAME);
  });

  it('codes durations as runs, a shorter last packet its own', () => {
    const log = new SampleLog(RATE);
    for (let index = 0; index < 10; index += 1) log.add(200, index === 9 ? 512 : FRAME);
    const { stts, stsc } = tablesOf(log, 0);
    expect(words(stts!, 4, 5)).toEqual([2, 9, FRAME, 1, 512]);
    // Fewer packets than one chunk holds: one chunk of all ten.
    expect(words(stsc!, 4, 4)).toEqual([1, 1, 10, 1]);
  });

  it('switches to co64 once a chunk starts past 4 GiB, with 64-bit offsets', () => {
    const log = new SampleLog(RATE);
    for (let index = 0; index < 44; index += 1) log.add(1000, FRAME);
    const firstOffset = 2 ** 32 - 10_000;
    const tables = tablesOf(log, firstOffset);
    expect(tables.stco).toBeUndefined();
    const payload = tables.co64!.payload!;
    const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
    expect(view.getUint32(4)).toBe(2);
    expect(Number(view.getBigUint64(8))).toBe(firstOffset);
    expect(Number(view.getBigUint64(16))).toBe(firstOffset + 22 * 1000);
    expect(payload.length).toBe(8 + 2 * 8);
  });

  it('measures the average and the densest second’s bit rate', () => {
    const log = new SampleLog(RATE);
    // 200 packets of 100 bytes, with a burst of 300-byte packets inside one second.
    for (let index = 0; index < 200; index += 1) log.add(index >= 100 && index < 120 ? 300 : 100, FRAME);
    const seconds = (200 * FRAME) / RATE;
    const { average, peak } = log.bitrates();
    expect(average).toBe(Math.round((8 * (180 * 100 + 20 * 300)) / seconds));
    // A second holds 44 packets (their starts less than one second apart): the burst's 20 and 24 others.
    expect(peak).toBe(8 * (20 * 300 + 24 * 100));
  });

  it('grows past its first capacity without losing a size', () => {
    const log = new SampleLog(RATE);
    const count = (1 << 16) + 5;
    for (let index = 0; index < count; index += 1) log.add(index % 1000, FRAME);
    const { stsz } = tablesOf(log, 0);
    expect(log.count).toBe(count);
    expect(words(stsz!, 12 + (count - 6) * 4, 6)).toEqual(
      Array.from({ length: 6 }, (_, index) => (count - 6 + index) % 1000),
    );
  });
});
