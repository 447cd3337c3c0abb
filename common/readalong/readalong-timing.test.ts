import { describe, expect, it } from 'vitest';
import { timeReadAlong, type TimedBlock } from './readalong-timing.js';

const spans = (block: TimedBlock | undefined) =>
  block?.sentences.map(({ text, startMs, endMs }) => ({ text, startMs, endMs }));

describe('timeReadAlong', () => {
  it('times each sentence from the pauses in its take, at the take’s place in the file', () => {
    const [block] = timeReadAlong(
      [
        {
          blockId: 'a',
          text: 'The river rises in the hills.  It runs north!',
          startMs: 2000,
          durationMs: 3000,
          silences: [
            { startMs: 0, endMs: 100 },
            { startMs: 1500, endMs: 1900 },
            { startMs: 2900, endMs: 3000 },
          ],
        },
      ],
      10_000,
    );
    expect(block?.wholeBlock).toBe(false);
    expect(spans(block)).toEqual([
      { text: 'The river rises in the hills.', startMs: 2100, endMs: 3500 },
      { text: 'It runs north!', startMs: 3900, endMs: 4900 },
    ]);
  });

  it('highlights a block whole when one of its sentences cannot be placed (its audio cut off by the file’s end)', () => {
    const [block] = timeReadAlong(
      [{ blockId: 'a', text: 'One two three. Four five six.', startMs: 1000, durationMs: 2000 }],
      1900,
    );
    expect(block?.wholeBlock).toBe(true);
    expect(spans(block)).toEqual([{ text: 'One two three. Four five six.', startMs: 1000, endMs: 1900 }]);
  });

  it('keeps blocks in order and never lets a sentence start before the previous one ends', () => {
    const blocks = timeReadAlong(
      [
        { blockId: 'late', text: 'Second block.', startMs: 1500, durationMs: 1000 },
        { blockId: 'early', text: 'First block. Runs long.', startMs: 0, durationMs: 2000 },
      ],
      5000,
    );
    expect(blocks.map((block) => block.blockId)).toEqual(['early', 'late']);
    const times = blocks.flatMap((block) => block.sentences.flatMap((s) => [s.startMs, s.endMs]));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('gives a block with no speech no sentences, so its text is shown without highlighting', () => {
    const [block] = timeReadAlong([{ blockId: 'a', text: '…', startMs: 0, durationMs: 800 }], 5000);
    expect(block).toEqual({ blockId: 'a', text: '…', sentences: [], wholeBlock: false });
  });
});

describe('word times', () => {
  it('start a word after a pause where speech resumes, and share the time between pauses by letters', () => {
    const [block] = timeReadAlong(
      [
        {
          blockId: 'a',
          text: 'I am here, now.',
          startMs: 1000,
          durationMs: 1000,
          silences: [{ startMs: 560, endMs: 760 }],
        },
      ],
      5000,
    );
    const words = block?.sentences[0]?.words ?? [];
    expect(words.map((word) => word.text)).toEqual(['I', 'am', 'here,', 'now.']);
    const [first, am, here, now] = words.map((word) => word.startMs);
    expect(first).toBe(1000);
    // After the comma's pause: where speech resumes.
    expect(now).toBe(1760);
    // Before it: by letters, one before "am", three before "here,".
    expect(here! - 1000).toBeCloseTo(3 * (am! - 1000), 0);
    expect(am).toBeGreaterThan(1000);
  });
});
