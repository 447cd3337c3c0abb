import { describe, expect, it } from 'vitest';
import { createTextBlock } from '../project/index.js';
import { chosenRemedies } from './chosen-remedies.js';

describe('chosenRemedies', () => {
  const timed = createTextBlock({ id: 'a', text: 'A line.' });

  it('reads none from a fixed line at the natural rate', () => {
    expect(chosenRemedies({ ...timed, timing: { startMs: 0, lane: 0, fit: 'fixed' } })).toEqual([]);
    expect(chosenRemedies({ ...timed, speechRate: 1 })).toEqual([]);
  });

  it('reads each remedy from the line: a rate, a stretch allowed, a dynamic fit, a mark to rewrite', () => {
    expect(
      chosenRemedies({
        ...timed,
        speechRate: 1.12,
        timing: { startMs: 0, lane: 0, fit: 'dynamic', allowStretch: true, rewrite: true },
      }),
    ).toEqual(['rate', 'stretch', 'run-on', 'rewrite']);
  });
});
