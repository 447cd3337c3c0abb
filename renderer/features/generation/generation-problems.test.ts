import { describe, expect, it } from 'vitest';
import type { ProjectViolation } from '../../../common/project/project-validation.js';
import { summarizeProblems } from './generation-problems.js';

function violation(
  blockId: string,
  blockNumber: number,
  field: string,
  rule: ProjectViolation['rule'],
  detail: string,
) {
  const blockLabel = `Speech block ${blockNumber}`;
  return {
    path: `tracks.speech.blocks[${blockNumber - 1}].${field}`,
    blockIndex: blockNumber - 1,
    blockId,
    track: 'speech',
    blockNumber,
    blockLabel,
    fromDefault: false,
    field,
    rule,
    message: `${blockLabel}: ${detail}`,
  } satisfies ProjectViolation;
}

describe('summarizeProblems', () => {
  it('makes one line per kind of problem with how many blocks have it, and lists every block once', () => {
    const summary = summarizeProblems([
      violation('a', 1, 'voiceId', 'required', 'no voice is chosen.'),
      violation('b', 2, 'voiceId', 'required', 'no voice is chosen.'),
      violation('b', 2, 'speechRate', 'out-of-range', 'speechRate must be between 0.5 and 2 (got 3).'),
      violation('c', 3, 'voiceId', 'required', 'no voice is chosen.'),
    ]);
    expect(summary).toEqual({
      title: 'Nothing was sent: 3 blocks need fixing first',
      body: '3 blocks: no voice is chosen.\nSpeech block 2: speechRate must be between 0.5 and 2 (got 3).',
      blockIds: ['a', 'b', 'c'],
    });
  });

  it('names a single block in the title, and counts kinds past the third', () => {
    const fields = ['a1', 'a2', 'a3', 'a4', 'a5'];
    const summary = summarizeProblems(
      fields.map((field) => violation('x', 4, field, 'out-of-range', `${field} is out of range.`)),
    );
    expect(summary.title).toBe('Nothing was sent: 1 block needs fixing first');
    expect(summary.body.split('\n')).toEqual([
      'Speech block 4: a1 is out of range.',
      'Speech block 4: a2 is out of range.',
      'Speech block 4: a3 is out of range.',
      '…and 2 more kinds of problem.',
    ]);
  });
});
