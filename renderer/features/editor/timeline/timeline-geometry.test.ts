import { describe, expect, it } from 'vitest';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import {
  msToPx,
  pxToMs,
  rulerStepMs,
  speechDropIndex,
  speechDropTimeMs,
  visiblePlacedItems,
  visibleSequenceItems,
} from './timeline-geometry.js';

/** Speech items of `durationMs` each with a `pauseMs` gap, as layoutTimeline places them. */
function sequence(count: number, durationMs = 1000, pauseMs = 500): PlacedItem[] {
  return Array.from({ length: count }, (_, index) => {
    const startMs = index * (durationMs + pauseMs);
    return {
      blockId: `b${index}`,
      type: 'text',
      track: 'speech',
      index,
      startMs,
      endMs: startMs + durationMs,
      lane: 0,
      timed: false,
      durationMs,
      source: 'estimate',
    };
  });
}

describe('timeline geometry', () => {
  it('converts between time and pixels at a zoom', () => {
    expect(msToPx(2500, 40)).toBe(100);
    expect(pxToMs(100, 40)).toBe(2500);
  });

  it('finds the speech items a time range shows, including one partly in view', () => {
    const items = sequence(2000);
    const visible = visibleSequenceItems(items, 3_200, 6_100);
    // b2 runs 3000–4000, b3 4500–5500, b4 6000–7000.
    expect(visible.map((item) => item.blockId)).toEqual(['b2', 'b3', 'b4']);
    expect(visibleSequenceItems(items, 4_000_000, 4_100_000)).toHaveLength(0);
    expect(visibleSequenceItems(items, 0, 0).map((item) => item.blockId)).toEqual(['b0']);
  });

  it('finds overlapping effects and music by range', () => {
    const items: PlacedItem[] = [
      { ...sequence(1)[0]!, blockId: 'm1', track: 'music', startMs: 0, endMs: 30_000, durationMs: 30_000 },
      {
        ...sequence(1)[0]!,
        blockId: 's1',
        track: 'effects',
        startMs: 40_000,
        endMs: 45_000,
        durationMs: 5_000,
      },
    ];
    expect(visiblePlacedItems(items, 20_000, 41_000).map((item) => item.blockId)).toEqual(['m1', 's1']);
    expect(visiblePlacedItems(items, 31_000, 39_000)).toHaveLength(0);
  });

  it('drops dragged speech blocks after every remaining block whose middle is before the pointer', () => {
    const items = sequence(4);
    // Middles: 500, 2000, 3500, 5000. Moving b0: the rest are b1, b2, b3.
    const moving = new Set(['b0']);
    expect(speechDropIndex(items, moving, 100)).toBe(0);
    expect(speechDropIndex(items, moving, 2_100)).toBe(1);
    expect(speechDropIndex(items, moving, 9_000)).toBe(3);
    expect(speechDropTimeMs(items, moving, 1)).toBe(3_000);
    expect(speechDropTimeMs(items, moving, 3)).toBe(5_500);
  });

  it('keeps ruler labels apart', () => {
    expect(msToPx(rulerStepMs(40), 40)).toBeGreaterThanOrEqual(80);
    expect(rulerStepMs(40)).toBe(2000);
    expect(rulerStepMs(1)).toBe(120_000);
  });
});
