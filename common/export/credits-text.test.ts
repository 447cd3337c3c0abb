import { describe, expect, it } from 'vitest';
import { createProject } from '../project/block-factory.js';
import { applyCredits } from '../project/credits-blocks.js';
import { AI_NARRATION_LINE, buildCredits, creditsFacts } from './credits-text.js';
import { RETAIL_PROFILES, retailProfile } from './retail-profiles.js';
import { creditBlockIds } from './retail-sample-speech.js';

const book = { title: 'The Salt Road', author: 'Mara Quill', narrator: 'Ellen (warm)' };

describe('buildCredits', () => {
  it('writes ACX’s standard opening and closing credits from the metadata', () => {
    expect(buildCredits(book, { aiNarrationLine: false })).toEqual({
      opening: 'The Salt Road. Written by Mara Quill. Narrated by Ellen (warm).',
      closing: 'The end. This has been The Salt Road, written by Mara Quill, narrated by Ellen (warm).',
    });
  });

  it('adds the digital-narration line to both when asked, and the copyright line last', () => {
    const credits = buildCredits(
      { ...book, copyright: 'Copyright 2026 Mara Quill' },
      { aiNarrationLine: true },
    );
    expect(credits.opening).toBe(
      `The Salt Road. Written by Mara Quill. Narrated by Ellen (warm). ${AI_NARRATION_LINE}`,
    );
    expect(credits.closing).toBe(
      'The end. This has been The Salt Road, written by Mara Quill, narrated by Ellen (warm). ' +
        `${AI_NARRATION_LINE} Copyright 2026 Mara Quill.`,
    );
  });

  it('leaves out what the project does not know instead of guessing, and never doubles a full stop', () => {
    expect(buildCredits({ title: 'Why Not?' }, { aiNarrationLine: false })).toEqual({
      opening: 'Why Not?',
      closing: 'The end. This has been Why Not?',
    });
    expect(buildCredits({ title: 'Tales', author: 'Acme Inc.' }, { aiNarrationLine: false }).opening).toBe(
      'Tales. Written by Acme Inc.',
    );
  });
});

describe('creditsFacts', () => {
  it('takes the title, the author and the narrator’s voice from the project', () => {
    const base = createProject({ title: ' The Salt Road ', defaults: { voiceId: 'v1', voiceName: 'Ellen' } });
    const project = { ...base, metadata: { author: 'Mara Quill' } };
    expect(creditsFacts(project)).toEqual({
      title: 'The Salt Road',
      author: 'Mara Quill',
      narrator: 'Ellen',
    });
    const cast = [{ ...project.cast[0]!, voiceId: 'v2', voiceName: 'Tom' }];
    expect(creditsFacts({ ...project, cast }).narrator).toBe('Tom');
    expect(creditsFacts(createProject({ title: '' }))).toEqual({
      title: 'Untitled',
      author: undefined,
      narrator: undefined,
    });
  });
});

describe('credits in the retail profiles', () => {
  it('requires credits where the audiobook stores do, and asks for the digital-narration line where they disclose it', () => {
    expect(retailProfile('acx').credits.required).toBe(true);
    expect(retailProfile('inaudio').credits).toEqual({ required: true, aiNarrationLine: true });
    expect(retailProfile('podcast').credits).toEqual({ required: false, aiNarrationLine: false });
    for (const profile of RETAIL_PROFILES) {
      if (profile.aiNarration.policy === 'disclose')
        expect(profile.credits.aiNarrationLine, profile.id).toBe(true);
    }
  });
});

describe('credits kept out of the retail sample', () => {
  it('counts the marked credits as credits, and the untitled first chapter after them as the book', () => {
    const base = createProject({ title: 'Book', textBlocks: ['Once.', 'Twice.'] });
    const project = applyCredits(base, { opening: 'Book.', closing: 'The end.' });
    const [opening, first, second, closing] = project.tracks.speech.blocks;
    expect([...creditBlockIds(project)]).toEqual([opening!.id, closing!.id]);
    expect(creditBlockIds(project).has(first!.id) || creditBlockIds(project).has(second!.id)).toBe(false);
  });
});
