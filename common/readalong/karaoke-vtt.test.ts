import { describe, expect, it } from 'vitest';
import webvtt from 'webvtt-parser';
import { formatKaraokeVtt } from './karaoke-vtt.js';
import { timeReadAlong } from './readalong-timing.js';

const blocks = timeReadAlong(
  [
    {
      blockId: 'a',
      text: 'Welcome to the studio. Today we talk about rivers & <seas>.',
      startMs: 300,
      durationMs: 4200,
      silences: [{ startMs: 1400, endMs: 1800 }],
    },
    { blockId: 'b', text: 'Hi. Go.', startMs: 5000, durationMs: 300 },
  ],
  6000,
);

/** The timestamp tags of a parsed cue tree, in document order. */
function tagTimes(node: { type: string; value?: number; children?: unknown[] }): number[] {
  if (node.type === 'timestamp' && node.value !== undefined) return [node.value];
  return (node.children ?? []).flatMap((child) => tagTimes(child as typeof node));
}

describe('formatKaraokeVtt', () => {
  const vtt = formatKaraokeVtt(blocks);
  const parsed = new webvtt.WebVTTParser().parse(vtt);

  it('parses without errors, one cue per sentence timed from the takes', () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((cue) => [cue.startTime, cue.endTime])).toEqual(
      blocks.flatMap((block) => block.sentences.map((s) => [s.startMs / 1000, s.endMs / 1000])),
    );
  });

  it('puts a timestamp before the words after the first, rising strictly inside its cue', () => {
    for (const cue of parsed.cues) {
      const times = tagTimes(cue.tree as never);
      const words = cue.text.replace(/<[^>]+>/gu, '').split(' ').length;
      // A word with no letters of its own ("&") has no time of its own, so no tag.
      expect(times.length).toBeLessThanOrEqual(words - 1);
      if (words > 1 && cue.endTime - cue.startTime > 0.12 * words) expect(times.length).toBeGreaterThan(0);
      let previous = cue.startTime;
      for (const time of times) {
        expect(time).toBeGreaterThan(previous);
        expect(time).toBeLessThan(cue.endTime);
        previous = time;
      }
    }
    expect(vtt).toContain('<00:00:00.');
  });

  it('escapes the text and keeps sentences spoken too fast for words whole', () => {
    expect(vtt).toMatch(/rivers <[\d:.]+>&amp; &lt;seas&gt;\./u);
    const quick = parsed.cues.filter((cue) => cue.startTime >= 5);
    expect(quick.map((cue) => cue.text)).toEqual(['Hi.', 'Go.']);
  });
});
