import { describe, expect, it } from 'vitest';
import { planAacParts } from './aac-part-plan.js';

const RATE = 44_100;
const FRAME = 1024;

describe('the M4B cut into AAC parts', () => {
  it('cuts at each chapter (on a frame), every ten minutes inside a long chapter, and covers the book once', () => {
    const total = 45 * 60 * RATE;
    const chapter2 = 25 * 60 * RATE + 500;
    const parts = planAacParts(total, RATE, [0, chapter2]);
    const tenMinutes = Math.round((600 * RATE) / FRAME) * FRAME;
    expect(parts.map((part) => part.from)).toEqual([
      0,
      tenMinutes,
      2 * tenMinutes,
      Math.floor(chapter2 / FRAME) * FRAME,
      Math.floor(chapter2 / FRAME) * FRAME + tenMinutes,
    ]);
    for (const [index, part] of parts.entries()) {
      expect(part.from % FRAME).toBe(0);
      const next = parts[index + 1];
      expect(part.to).toBe(next ? next.from : total);
      // The successor keeps packets from where this part stops keeping them: every packet exactly once.
      if (next) expect(next.keepFrom).toBe(part.keepBefore);
      expect(part.laneFrom).toBe(Math.max(0, part.from - Math.ceil((30 * RATE) / FRAME) * FRAME));
      expect(part.laneTo).toBe(next ? part.to + 2 * FRAME : total);
    }
    expect(parts[0]!.keepFrom).toBeNull();
    expect(parts.at(-1)!.keepBefore).toBeNull();
  });

  it('moves the later cuts with their chapters when an edit lengthens an earlier one by whole frames', () => {
    const total = 40 * 60 * RATE;
    const before = planAacParts(total, RATE, [0, 12 * 60 * RATE, 30 * 60 * RATE]);
    const shift = 300 * FRAME;
    const after = planAacParts(total + shift, RATE, [0, 12 * 60 * RATE + shift, 30 * 60 * RATE + shift]);
    const later = (parts: typeof before) => parts.filter((part) => part.from >= 12 * 60 * RATE - FRAME);
    expect(later(after).map((part) => part.from - shift)).toEqual(later(before).map((part) => part.from));
  });

  it('encodes a short book of one chapter in two parts from two minutes on, and in one below', () => {
    expect(planAacParts(150 * RATE, RATE, [0])).toHaveLength(2);
    expect(planAacParts(90 * RATE, RATE, [0])).toEqual([
      { from: 0, to: 90 * RATE, laneFrom: 0, laneTo: 90 * RATE, keepFrom: null, keepBefore: null },
    ]);
  });

  it('joins a chapter shorter than two minutes to the part before it, so no part pays a warm-up for a few seconds', () => {
    const minute = 60 * RATE;
    const onFrame = (frames: number): number => Math.floor(frames / FRAME) * FRAME;
    const parts = planAacParts(30 * minute, RATE, [
      0,
      10 * minute,
      10.5 * minute,
      11.5 * minute,
      20 * minute,
      29 * minute,
    ]);
    expect(parts.map((part) => part.from)).toEqual([0, onFrame(10 * minute), onFrame(20 * minute)]);
    expect(parts.at(-1)!.to).toBe(30 * minute);
  });
});
