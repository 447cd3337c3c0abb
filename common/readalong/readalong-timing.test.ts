import { describe, expect, it } from 'vitest';
import { timeReadAlong, timeWords } from './readalong-timing.js';

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
    expect(block?.sentences).toEqual([
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
    expect(block?.sentences).toEqual([{ text: 'One two three. Four five six.', startMs: 1000, endMs: 1900 }]);
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

describe('timeWords', () => {
  it('shares the sentence’s time among its words in proportion to their letters', () => {
    expect(timeWords({ text: 'I am here, now.', startMs: 1000, endMs: 2000 })).toEqual([
      { text: 'I', startMs: 1000 },
      { text: 'am', startMs: 1100 },
      { text: 'here,', startMs: 1300 },
      { text: 'now.', startMs: 1700 },
    ]);
  });
});
