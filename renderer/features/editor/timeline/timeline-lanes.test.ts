import { describe, expect, it } from 'vitest';
import type { PlacedItem, TimelineLayout } from '../../../../common/project/timeline-layout.js';
import { laneAtOffset, speechItemAt, visibleSpeechItems } from './timeline-geometry.js';
import { carriedByDrag, snapStart, snapTargets } from './timeline-snapping.js';

function item(blockId: string, startMs: number, endMs: number, lane = 0, index = 0): PlacedItem {
  return {
    blockId,
    type: 'text',
    track: 'speech',
    index,
    startMs,
    endMs,
    lane,
    timed: true,
    durationMs: endMs - startMs,
    source: 'audio',
  };
}

/** Timed lines in start order whose ends do not grow: a long line in lane 0 under short ones in lane 1. */
const lines = [
  item('long', 0, 20_000, 0, 0),
  item('s1', 1_000, 2_000, 1, 1),
  item('s2', 3_000, 4_000, 1, 2),
  item('s3', 25_000, 26_000, 1, 3),
];
const timedLayout = { speechInTimeOrder: true, slots: new Map([['long', {}]]) };

describe('visibleSpeechItems', () => {
  it('finds a long line still sounding whose later neighbours already ended', () => {
    expect(visibleSpeechItems(lines, timedLayout, 10_000, 12_000).map((line) => line.blockId)).toEqual([
      'long',
    ]);
    expect(visibleSpeechItems(lines, timedLayout, 3_500, 24_000).map((line) => line.blockId)).toEqual([
      'long',
      's2',
    ]);
    expect(visibleSpeechItems(lines, timedLayout, 21_000, 30_000).map((line) => line.blockId)).toEqual([
      's3',
    ]);
  });

  it('tests every line when speech is out of time order', () => {
    const swapped = [lines[2]!, lines[1]!];
    const layout = { speechInTimeOrder: false, slots: timedLayout.slots };
    expect(visibleSpeechItems(swapped, layout, 1_500, 1_600).map((line) => line.blockId)).toEqual(['s1']);
  });
});

describe('speechItemAt', () => {
  it('finds the line sounding under the playhead, a long line whose later neighbours already ended included', () => {
    expect(speechItemAt(lines, timedLayout, 10_000)?.blockId).toBe('long');
    expect(speechItemAt(lines, timedLayout, 25_500)?.blockId).toBe('s3');
    expect(speechItemAt(lines, timedLayout, 22_000)).toBeUndefined();
  });

  it('follows the line begun last when lanes sound at once, and the next line from the moment it starts', () => {
    expect(speechItemAt(lines, timedLayout, 1_500)?.blockId).toBe('s1');
    expect(speechItemAt(lines, timedLayout, 2_000)?.blockId).toBe('long');
    const flowing = [item('a', 0, 1_000), item('b', 1_000, 2_000, 0, 1)];
    const flowingLayout = { speechInTimeOrder: true, slots: new Map() };
    expect(speechItemAt(flowing, flowingLayout, 1_000)?.blockId).toBe('b');
  });
});

describe('laneAtOffset', () => {
  it('gives the lane of the row under the pointer, and the first free lane below the last row', () => {
    expect(laneAtOffset([0, 3], 10, 44, 8)).toBe(0);
    expect(laneAtOffset([0, 3], 50, 44, 8)).toBe(3);
    expect(laneAtOffset([0, 3], 100, 44, 8)).toBe(1);
    expect(laneAtOffset([0, 1, 2, 3, 4, 5, 6, 7], 1_000, 44, 8)).toBe(7);
    expect(laneAtOffset([0], -30, 44, 8)).toBe(0);
  });
});

describe('snapping', () => {
  const layout = {
    speech: [item('a', 1_000, 2_000), item('b', 5_000, 6_500), item('moving', 9_000, 10_000)],
    effects: [item('fx', 12_000, 13_000)],
    music: [],
    slots: new Map([['b', { endMs: 7_000, limitMs: undefined }]]),
  } as unknown as TimelineLayout;
  const targets = snapTargets(layout, new Set(['moving']), 4_000);

  it('collects other lines’ edges and cue ends, effects, the playhead and 0, sorted, not the moving line', () => {
    expect([...targets]).toEqual([0, 1_000, 2_000, 4_000, 5_000, 6_500, 7_000, 12_000, 13_000]);
  });

  it('leaves out what moves with the dragged line: the flowing lines after it and a slot that ends at its start', () => {
    const flowing = (blockId: string, startMs: number, endMs: number): PlacedItem => ({
      ...item(blockId, startMs, endMs),
      timed: false,
    });
    const withFollowers = {
      speech: [
        item('before', 1_000, 2_000, 1),
        item('moving', 9_000, 10_000, 1),
        flowing('after1', 10_300, 11_000),
        flowing('after2', 11_300, 12_500),
        item('later', 20_000, 21_000, 1),
        flowing('after-later', 21_300, 22_000),
      ],
      effects: [],
      music: [],
      // "before" has no cue end: its slot ends where the moving line starts, and follows it.
      slots: new Map([
        ['before', { endMs: 9_000, limitMs: 9_000 }],
        ['moving', { endMs: 20_000, limitMs: 20_000 }],
        ['later', { endMs: undefined, limitMs: undefined }],
      ]),
    } as unknown as TimelineLayout;
    const carried = carriedByDrag(withFollowers.speech, new Set(['moving']));
    expect([...carried]).toEqual(['moving', 'after1', 'after2']);
    expect([...snapTargets(withFollowers, carried, 0)]).toEqual([
      0, 0, 1_000, 2_000, 20_000, 21_000, 21_300, 22_000,
    ]);
  });

  it('snaps the edge nearest a target within the threshold: start, end or own cue end', () => {
    // Start 60 ms after b's end: snaps onto it.
    expect(snapStart(6_560, [1_000], targets, 100)).toEqual({ startMs: 6_500, snapMs: 6_500 });
    // Its end (start + 1 s) 30 ms before the effect: the end snaps to 12 s.
    expect(snapStart(10_970, [1_000], targets, 100)).toEqual({ startMs: 11_000, snapMs: 12_000 });
    // Its own cue end (start + 1.5 s) near the playhead.
    expect(snapStart(2_480, [1_000, 1_500], targets, 100)).toEqual({ startMs: 2_500, snapMs: 4_000 });
    // Nothing within the threshold: where the pointer put it, never before 0.
    expect(snapStart(8_300, [1_000], targets, 100)).toEqual({ startMs: 8_300, snapMs: undefined });
    expect(snapStart(-500, [100], new Float64Array(), 100)).toEqual({ startMs: 0, snapMs: undefined });
  });
});
