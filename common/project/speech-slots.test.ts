import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from './block-factory.js';
import { estimateSpeechMs } from './duration-estimate.js';
import type { Project, TextBlock } from './project-schema.js';
import { contextOf, sequentialIds } from './test-support.js';
import { layoutTimeline, speechItemAt } from './timeline-layout.js';
import type { SpeechTiming } from './timing-schema.js';

const ids = sequentialIds('b');

/** Ten characters of Latin text: 667 ms at the generic pace. */
const TEN = 'abcdefghi.';
const TEN_MS = estimateSpeechMs(TEN);

function line(id: string, timing?: Partial<SpeechTiming> & { startMs: number }, text = TEN): TextBlock {
  const block = createTextBlock({ id, text, pauseAfterMs: 100 }, ids);
  return timing === undefined ? block : { ...block, timing: { lane: 0, fit: 'fixed', ...timing } };
}

function projectOf(blocks: TextBlock[], videoMs?: number): Project {
  const base = createProject({ id: 'p', title: 'Timed', defaults: { voiceId: 'v' } }, ids);
  return {
    ...base,
    ...(videoMs === undefined ? {} : { video: { path: '/v.mp4', durationMs: videoMs } }),
    tracks: { ...base.tracks, speech: { blocks } },
  };
}

function layoutOf(project: Project) {
  return layoutTimeline(project, contextOf(project));
}

describe('timed speech on the timeline', () => {
  it('starts a timed block at its own time and lets the flowing blocks after it follow it', () => {
    const layout = layoutOf(projectOf([line('a'), line('b', { startMs: 5_000 }), line('c')]));
    const [a, b, c] = layout.speech;
    expect(a).toMatchObject({ startMs: 0, timed: false, lane: 0 });
    expect(b).toMatchObject({ startMs: 5_000, endMs: 5_000 + TEN_MS, timed: true });
    expect(c).toMatchObject({ startMs: 5_000 + TEN_MS + 100, timed: false });
  });

  it('gives a slot up to the cue’s end, else to the next timed block’s start in the lane, else the video’s end', () => {
    const layout = layoutOf(
      projectOf(
        [
          line('cue', { startMs: 1_000, cueEndMs: 2_500 }),
          line('open', { startMs: 4_000 }),
          line('other-lane', { startMs: 4_500, lane: 1 }),
          line('next', { startMs: 9_000 }),
          line('last', { startMs: 12_000 }),
        ],
        20_000,
      ),
    );
    expect(layout.slots.get('cue')).toEqual({ endMs: 2_500, limitMs: 4_000 });
    // The line in lane 1 neither ends nor limits a slot in lane 0.
    expect(layout.slots.get('open')).toEqual({ endMs: 9_000, limitMs: 9_000 });
    expect(layout.slots.get('last')).toEqual({ endMs: 20_000, limitMs: 20_000 });
    expect(layout.slots.get('other-lane')).toEqual({ endMs: 20_000, limitMs: 20_000 });
  });

  it('lets a flowing block after a timed one limit how far a dynamic line may run on', () => {
    const layout = layoutOf(
      projectOf([line('timed', { startMs: 0, cueEndMs: 300, fit: 'dynamic' }), line('flow')]),
    );
    expect(layout.slots.get('timed')).toEqual({ endMs: 300, limitMs: TEN_MS + 100 });
  });

  it('names lines that overlap in one lane, not lines that overlap across lanes', () => {
    const layout = layoutOf(
      projectOf([
        line('first', { startMs: 0 }),
        line('clash', { startMs: 300 }),
        line('beside', { startMs: 100, lane: 1 }),
      ]),
    );
    expect(layout.conflicts).toEqual([
      { blockId: 'first', nextBlockId: 'clash', lane: 0, overlapMs: TEN_MS - 300 },
    ]);
  });

  it('names each line a long line runs over in its lane, even when the short ones never touch each other', () => {
    const long = 'Long enough to cover two short lines that follow it closely.';
    const layout = layoutOf(
      projectOf([
        line('long', { startMs: 0 }, long),
        line('short', { startMs: 200 }),
        line('later', { startMs: 200 + TEN_MS + 100 }),
      ]),
    );
    const longMs = estimateSpeechMs(long);
    expect(longMs).toBeGreaterThan(200 + TEN_MS + 100);
    expect(layout.conflicts).toEqual([
      { blockId: 'long', nextBlockId: 'short', lane: 0, overlapMs: longMs - 200 },
      { blockId: 'long', nextBlockId: 'later', lane: 0, overlapMs: longMs - (200 + TEN_MS + 100) },
    ]);
  });

  it('makes the project as long as its video, and finds the line at a playhead when lines are out of block order', () => {
    const layout = layoutOf(
      projectOf([line('late', { startMs: 8_000 }), line('early', { startMs: 1_000, lane: 1 })], 30_000),
    );
    expect(layout.totalMs).toBe(30_000);
    expect(layout.speechInTimeOrder).toBe(false);
    expect(speechItemAt(layout, 1_500)?.blockId).toBe('early');
    expect(speechItemAt(layout, 8_100)?.blockId).toBe('late');
    expect(speechItemAt(layout, 500)).toBeUndefined();
  });

  it('lays out a project without timing exactly as before: no slots, no conflicts, in time order', () => {
    const layout = layoutOf(projectOf([line('a'), line('b')]));
    expect(layout.slots.size).toBe(0);
    expect(layout.conflicts).toEqual([]);
    expect(layout.speechInTimeOrder).toBe(true);
    expect(layout.speech.map((item) => item.startMs)).toEqual([0, TEN_MS + 100]);
  });
});
