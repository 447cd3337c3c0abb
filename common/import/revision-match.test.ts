import { describe, expect, it } from 'vitest';
import type { RevisionChange } from './revision-match.js';
import { matchRevision } from './revision-match.js';

/** A change written as its kind and the texts it pairs, so a fixture reads as the diff a user sees. */
function described(
  oldTexts: readonly string[],
  newTexts: readonly string[],
  changes: readonly RevisionChange[],
): string[] {
  return changes.map((change) => {
    const before = change.old.map((index) => oldTexts[index]).join(' | ');
    const after = change.new.map((index) => newTexts[index]).join(' | ');
    return `${change.kind}: ${before} => ${after}`;
  });
}

const BOOK = [
  'The harbour lay quiet under a low grey sky.',
  'Mara counted the boats twice and still came up one short.',
  'Her brother had taken the little skiff before dawn, as he always said he would not.',
  'She walked the sea wall until the tide turned.',
  'At noon the bell of the chapel rang for no one.',
  'Nobody in the village would say his name aloud.',
];

describe('matchRevision', () => {
  it('finds every block unchanged when the revision only retypes quotes, dashes and line breaks', () => {
    const oldTexts = ['He said "no" - twice.', "It's late."];
    const newTexts = ['He said \u201Cno\u201D \u2013\n twice.', 'It\u2019s late.'];
    expect(described(oldTexts, newTexts, matchRevision(oldTexts, newTexts))).toEqual([
      'unchanged: He said "no" - twice. => He said \u201Cno\u201D \u2013\n twice.',
      "unchanged: It's late. => It\u2019s late.",
    ]);
  });

  it('tells edited, added and removed paragraphs apart around the unchanged ones', () => {
    const revised = [
      BOOK[0]!,
      'Mara counted the fishing boats twice and still came up one short.',
      BOOK[2]!,
      'A gull screamed over the empty slipway.',
      BOOK[4]!,
      BOOK[5]!,
    ];
    expect(described(BOOK, revised, matchRevision(BOOK, revised))).toEqual([
      `unchanged: ${BOOK[0]} => ${BOOK[0]}`,
      `changed: ${BOOK[1]} => ${revised[1]}`,
      `unchanged: ${BOOK[2]} => ${BOOK[2]}`,
      `removed: ${BOOK[3]} => `,
      `added:  => ${revised[3]}`,
      `unchanged: ${BOOK[4]} => ${BOOK[4]}`,
      `unchanged: ${BOOK[5]} => ${BOOK[5]}`,
    ]);
  });

  it('finds a paragraph moved to another place, the rest of the book in its order', () => {
    const revised = [BOOK[0]!, BOOK[1]!, BOOK[4]!, BOOK[2]!, BOOK[3]!, BOOK[5]!];
    const kinds = matchRevision(BOOK, revised).map((change) => [change.kind, change.old, change.new]);
    expect(kinds).toEqual([
      ['unchanged', [0], [0]],
      ['unchanged', [1], [1]],
      ['moved', [4], [2]],
      ['unchanged', [2], [3]],
      ['unchanged', [3], [4]],
      ['unchanged', [5], [5]],
    ]);
  });

  it('finds a block split in two paragraphs and two blocks merged in one', () => {
    const revised = [
      BOOK[0]!,
      'Mara counted the boats twice.',
      'She still came up one short.',
      BOOK[2]!,
      'She walked the sea wall until the tide turned, and at noon the bell of the chapel rang for no one.',
      BOOK[5]!,
    ];
    expect(described(BOOK, revised, matchRevision(BOOK, revised))).toEqual([
      `unchanged: ${BOOK[0]} => ${BOOK[0]}`,
      `split: ${BOOK[1]} => ${revised[1]} | ${revised[2]}`,
      `unchanged: ${BOOK[2]} => ${BOOK[2]}`,
      `merged: ${BOOK[3]} | ${BOOK[4]} => ${revised[4]}`,
      `unchanged: ${BOOK[5]} => ${BOOK[5]}`,
    ]);
  });

  it('does not take an edited paragraph followed by a new one for a split', () => {
    const revised = [
      BOOK[0]!,
      'Mara counted the boats twice and still came up one boat short.',
      'The coastguard had posted a warning on the harbour office door that morning.',
      ...BOOK.slice(2),
    ];
    expect(matchRevision(BOOK, revised).map((change) => change.kind)).toEqual([
      'unchanged',
      'changed',
      'added',
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
  });

  it('pairs repeated texts (scene breaks) in order, without calling them moved', () => {
    const oldTexts = [BOOK[0]!, '* * *', BOOK[1]!, '* * *', BOOK[2]!];
    const newTexts = [BOOK[0]!, BOOK[1]!, '* * *', BOOK[2]!];
    expect(matchRevision(oldTexts, newTexts).map((change) => [change.kind, change.old, change.new])).toEqual([
      ['unchanged', [0], [0]],
      ['removed', [1], []],
      ['unchanged', [2], [1]],
      ['unchanged', [3], [2]],
      ['unchanged', [4], [3]],
    ]);
  });

  it('accounts for every block and paragraph exactly once in a book revised throughout', () => {
    const oldTexts = Array.from(
      { length: 300 },
      (_, index) => `Paragraph ${index} tells of day ${index % 17} and night ${index % 11} by the sea.`,
    );
    const newTexts = oldTexts.flatMap((text, index) => {
      if (index % 10 === 3) return [];
      if (index % 10 === 5) return [text.replace('by the sea', 'by the cold grey sea')];
      if (index % 10 === 7) return [text, `A new line after paragraph ${index}.`];
      return [text];
    });
    const changes = matchRevision(oldTexts, newTexts);
    const oldSeen = changes.flatMap((change) => change.old).sort((a, b) => a - b);
    const newSeen = changes.flatMap((change) => change.new).sort((a, b) => a - b);
    expect(oldSeen).toEqual(oldTexts.map((_, index) => index));
    expect(newSeen).toEqual(newTexts.map((_, index) => index));
    const count = (kind: string) => changes.filter((change) => change.kind === kind).length;
    expect([count('removed'), count('changed'), count('added'), count('moved')]).toEqual([30, 30, 30, 0]);
  });

  it('reads an empty revision as every block removed, and a new project as every paragraph added', () => {
    expect(matchRevision(['a'], []).map((change) => change.kind)).toEqual(['removed']);
    expect(matchRevision([], ['a', 'b']).map((change) => change.kind)).toEqual(['added', 'added']);
  });
});
