import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/block-factory.js';
import { blockState } from '../project/block-state.js';
import { contentHash } from '../project/content-hash.js';
import { applyCredits } from '../project/credits-blocks.js';
import type { Project, SpeechTrackBlock, TextBlock } from '../project/project-schema.js';
import { contextOf, deepFreeze, sequentialIds, withOneTake } from '../project/test-support.js';
import type { ImportBlock } from './imported-script.js';
import { applyRevision, planRevision, revisionCounts } from './revision-apply.js';

const TEXTS = [
  'The harbour lay quiet under a low grey sky.',
  'Mara counted the boats twice and still came up one short.',
  'Her brother had taken the little skiff before dawn.',
  'She walked the sea wall until the tide turned.',
  'At noon the bell of the chapel rang for no one.',
];

/** A generated book: every block has a take of its content; block 2 has its own rate, block 4 is timed. */
function generatedBook(): Project {
  const base = createProject(
    { id: 'p', title: 'Harbour', createdAt: '2026-01-01T00:00:00.000Z' },
    sequentialIds(),
  );
  const project: Project = {
    ...base,
    cast: [...base.cast, { id: 'speaker-mara', name: 'Mara', colour: '#aa5500' }],
    lexicon: [{ id: 'rule-1', term: 'Mara', replacement: 'MAH-rah', wholeWord: true, caseSensitive: true }],
  };
  const context = contextOf(project);
  const blocks = TEXTS.map((text, index): TextBlock => {
    const block = createTextBlock(
      {
        id: `b${index}`,
        text,
        ...(index === 0 ? { chapterTitle: 'One' } : {}),
        ...(index === 1 ? { speechRate: 1.2, speakerId: 'speaker-mara' } : {}),
        ...(index === 3 ? { timing: { startMs: 9000, lane: 0, fit: 'fixed' as const, rewrite: true } } : {}),
      },
      sequentialIds('x'),
    );
    const taken = withOneTake(block, context, 2000);
    return {
      ...taken,
      generation: {
        kind: 'generated',
        contentHash: contentHash(taken, context),
        audio: { cacheKey: 'k', durationMs: 2000, generatedAt: '2026-01-01T00:00:00.000Z' },
      },
    };
  });
  return deepFreeze({ ...project, tracks: { ...project.tracks, speech: { blocks } } }) as Project;
}

const paragraphs = (...texts: string[]): ImportBlock[] => texts.map((text) => ({ text }));

function textBlocks(project: Project): TextBlock[] {
  return project.tracks.speech.blocks.filter((block): block is TextBlock => block.type === 'text');
}

describe('applyRevision', () => {
  it('keeps unchanged blocks as they were (takes, parameters, speaker, timing, chapter) and the cast and lexicon', () => {
    const project = generatedBook();
    const revised = paragraphs(
      TEXTS[0]!,
      TEXTS[1]!,
      'Her brother had taken the old skiff before dawn.',
      TEXTS[3]!,
      TEXTS[4]!,
    );
    const applied = applyRevision(project, planRevision(project, revised), sequentialIds('new'));
    const [b0, b1, b2, b3, b4] = textBlocks(applied);
    const before = textBlocks(project);
    expect([b0, b1, b3, b4]).toEqual([before[0], before[1], before[3], before[4]]);
    expect(b0).toBe(before[0]);
    expect(applied.cast).toBe(project.cast);
    expect(applied.lexicon).toBe(project.lexicon);
    const context = contextOf(applied);
    expect(textBlocks(applied).map((block) => blockState(block, context))).toEqual([
      'generated',
      'generated',
      'stale',
      'generated',
      'generated',
    ]);
    // The changed block keeps its id and takes; the takes are of the old text.
    expect(b2).toMatchObject({ id: 'b2', text: revised[2]!.text, takes: before[2]!.takes });
  });

  it('applies a split, a merge, an addition and a removal, each keeping what its block had', () => {
    const project = generatedBook();
    const revised: ImportBlock[] = [
      { text: 'The harbour lay quiet under a low grey sky.', chapterTitle: 'One' },
      { text: 'Mara counted the boats twice.' },
      { text: 'She still came up one short.' },
      { text: 'A gull cried.', speaker: 'Gull', chapterTitle: 'Two', pauseAfterMs: 900 },
      {
        text: 'She walked the sea wall until the tide turned, and at noon the bell of the chapel rang for no one.',
      },
    ];
    const plan = planRevision(project, revised);
    expect(revisionCounts(plan)).toMatchObject({ unchanged: 1, split: 1, removed: 1, added: 1, merged: 1 });
    const applied = applyRevision(project, plan, sequentialIds('new'));
    const blocks = textBlocks(applied);
    expect(blocks.map((block) => block.text)).toEqual(revised.map((paragraph) => paragraph.text));
    const [, head, tail, gull, merged] = blocks;
    expect(head).toMatchObject({ id: 'b1', speechRate: 1.2, speakerId: 'speaker-mara' });
    expect(tail).toMatchObject({
      id: 'new-1',
      speechRate: 1.2,
      speakerId: 'speaker-mara',
      generation: { kind: 'not-generated' },
    });
    expect(tail!.takes).toBeUndefined();
    const gullSpeaker = applied.cast.find((speaker) => speaker.name === 'Gull');
    expect(gull).toMatchObject({ speakerId: gullSpeaker!.id, chapterTitle: 'Two', pauseAfterMs: 900 });
    // The merge keeps the first block (its timing, the rewrite mark gone with the new text) and the second's pause.
    expect(merged).toMatchObject({ id: 'b3', timing: { startMs: 9000, lane: 0, fit: 'fixed' } });
    expect(merged!.timing?.rewrite).toBeUndefined();
  });

  it('moves a removed block’s chapter mark to the block now in its place', () => {
    const project = generatedBook();
    const applied = applyRevision(project, planRevision(project, paragraphs(...TEXTS.slice(1))));
    expect(textBlocks(applied)[0]).toMatchObject({ id: 'b1', chapterTitle: 'One' });
  });

  it('keeps a locked block as it is, whatever the revision says of it', () => {
    const base = generatedBook();
    const blocks = base.tracks.speech.blocks.map((block) =>
      block.id === 'b2' ? { ...block, locked: true } : block,
    );
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };
    const plan = planRevision(project, paragraphs(TEXTS[0]!, TEXTS[1]!, TEXTS[3]!, TEXTS[4]!));
    expect(revisionCounts(plan)).toMatchObject({ removed: 1, locked: 1 });
    expect(textBlocks(applyRevision(project, plan)).map((block) => block.id)).toEqual([
      'b0',
      'b1',
      'b2',
      'b3',
      'b4',
    ]);
  });

  it('keeps read-only blocks after the text block they followed, and refuses a revision over the limits', () => {
    const base = generatedBook();
    const audio: SpeechTrackBlock = {
      id: 'a1',
      type: 'audio',
      params: { url: 'x' },
      pauseAfterMs: 0,
      volumeDb: 0,
      locked: false,
      generation: { kind: 'not-generated' },
    };
    const speech = [...base.tracks.speech.blocks];
    speech.splice(2, 0, audio);
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks: speech } } };
    const applied = applyRevision(
      project,
      planRevision(project, paragraphs(TEXTS[0]!, TEXTS[2]!, TEXTS[1]!)),
    );
    expect(applied.tracks.speech.blocks.map((block) => block.id)).toEqual(['b0', 'b2', 'b1', 'a1']);

    const huge = paragraphs(...Array.from({ length: 20_001 }, (_, index) => `Line ${index}.`));
    expect(() => applyRevision(project, planRevision(project, huge))).toThrow(
      /not applied: with it the project has 20,002 blocks; a project holds at most 20,000/u,
    );
  });

  it('keeps the credits first and last, out of the match, when the manuscript is re-imported', () => {
    const project = applyCredits(
      generatedBook(),
      { opening: 'Harbour.', closing: 'The end.' },
      sequentialIds('c'),
    );
    const revision: ImportBlock[] = [...TEXTS.slice(1), { text: 'A last line the revision added.' }].map(
      (entry) => (typeof entry === 'string' ? { text: entry } : entry),
    );
    const plan = planRevision(project, revision);
    expect(plan.blocks.map((block) => block.id)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
    const texts = applyRevision(project, plan, sequentialIds('n')).tracks.speech.blocks.map((block) =>
      block.type === 'text' ? block.text : block.type,
    );
    expect(texts).toEqual(['Harbour.', ...TEXTS.slice(1), 'A last line the revision added.', 'The end.']);
  });
});
