import { describe, expect, it } from 'vitest';
import { createTextBlock } from '../../../../common/project/index.js';
import type { ProjectViolation } from '../../../../common/project/project-validation.js';
import { sameBesidesText, sameViolations } from './inspector-memo.js';

describe('inspector memo', () => {
  const block = createTextBlock({ id: 'b1', text: 'Once upon a time.', speechRate: 1 });

  it('treats a block whose text alone changed as the same for the parameter fields', () => {
    expect(sameBesidesText(block, { ...block, text: 'Once upon a time, there.' })).toBe(true);
  });

  it('sees any other change: a parameter, a field added or removed, another block', () => {
    expect(sameBesidesText(block, { ...block, speechRate: 1.2 })).toBe(false);
    expect(sameBesidesText(block, { ...block, seed: 7 })).toBe(false);
    const { speechRate: _rate, ...withoutRate } = block;
    expect(sameBesidesText(block, withoutRate)).toBe(false);
    expect(sameBesidesText(block, { ...block, id: 'b2' })).toBe(false);
  });

  it('compares violations by what they say', () => {
    const violation = (message: string): ProjectViolation =>
      ({ path: 'tracks.speech.blocks[0].seed', message, blockId: 'b1' }) as unknown as ProjectViolation;
    expect(sameViolations([violation('too large')], [violation('too large')])).toBe(true);
    expect(sameViolations([violation('too large')], [violation('not a whole number')])).toBe(false);
    expect(sameViolations([], [violation('too large')])).toBe(false);
  });
});
