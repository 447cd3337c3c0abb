import { describe, expect, it } from 'vitest';
import { alignPauses } from './pause-alignment.js';

describe('alignPauses', () => {
  it('matches each mark to the silence at the same place', () => {
    const matches = alignPauses(
      [
        { fraction: 0.3, strength: 'sentence' },
        { fraction: 0.7, strength: 'clause' },
      ],
      [
        { fraction: 0.32, durationMs: 350 },
        { fraction: 0.68, durationMs: 150 },
      ],
    );
    expect(matches).toEqual([
      { candidate: 0, pause: 0 },
      { candidate: 1, pause: 1 },
    ]);
  });

  it('leaves out a short silence the text does not explain', () => {
    const matches = alignPauses(
      [{ fraction: 0.5, strength: 'sentence' }],
      [
        { fraction: 0.2, durationMs: 60 },
        { fraction: 0.52, durationMs: 400 },
      ],
    );
    expect(matches).toEqual([{ candidate: 0, pause: 1 }]);
  });

  it('leaves out a comma the speaker did not pause at', () => {
    const matches = alignPauses(
      [
        { fraction: 0.25, strength: 'clause' },
        { fraction: 0.6, strength: 'sentence' },
      ],
      [{ fraction: 0.58, durationMs: 380 }],
    );
    expect(matches).toEqual([{ candidate: 1, pause: 0 }]);
  });

  it('never crosses matches, even when the pace drifts', () => {
    const matches = alignPauses(
      [
        { fraction: 0.2, strength: 'clause' },
        { fraction: 0.4, strength: 'clause' },
        { fraction: 0.6, strength: 'clause' },
      ],
      [
        { fraction: 0.28, durationMs: 150 },
        { fraction: 0.48, durationMs: 150 },
        { fraction: 0.68, durationMs: 150 },
      ],
    );
    expect(matches.map((match) => [match.candidate, match.pause])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('returns no matches without silences or without marks', () => {
    expect(alignPauses([], [{ fraction: 0.5, durationMs: 300 }])).toEqual([]);
    expect(alignPauses([{ fraction: 0.5, strength: 'sentence' }], [])).toEqual([]);
  });
});
