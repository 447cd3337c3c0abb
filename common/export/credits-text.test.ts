import { describe, expect, it } from 'vitest';
import { createProject } from '../project/block-factory.js';
import { updateBlock } from '../project/block-edits.js';
import { chapterMarks } from '../project/chapters.js';
import { applyCredits } from '../project/credits-blocks.js';
import { contextOf } from '../project/test-support.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import { chapterFileNames, chapterSpans } from './chapter-split.js';
import { AI_NARRATION_LINE, PROFILES_WANTING_AI_LINE, buildCredits, creditsFacts } from './credits-text.js';
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
    const project = { ...base, metadata: { author: 'Mara Quill', copyright: '© 2026 Mara Quill' } };
    expect(creditsFacts(project)).toEqual({
      title: 'The Salt Road',
      author: 'Mara Quill',
      narrator: 'Ellen',
      copyright: '© 2026 Mara Quill',
    });
    const cast = [{ ...project.cast[0]!, voiceId: 'v2', voiceName: 'Tom' }];
    expect(creditsFacts({ ...project, cast }).narrator).toBe('Tom');
    // A narrator the user named in the credits dialog comes before the voice's name.
    const named = { ...project, metadata: { ...project.metadata, narrator: 'Ellen Marsh' } };
    expect(creditsFacts({ ...named, cast }).narrator).toBe('Ellen Marsh');
    expect(creditsFacts(createProject({ title: '' }))).toEqual({
      title: 'Untitled',
      author: undefined,
      narrator: undefined,
      copyright: undefined,
    });
  });
});

describe('credits in the retail profiles', () => {
  it('requires credits where the audiobook stores do, and asks for the digital-narration line where they disclose it', () => {
    expect(retailProfile('acx').credits.required).toBe(true);
    expect(retailProfile('inaudio').credits).toEqual({ required: true, aiNarrationLine: true });
    expect(retailProfile('podcast').credits).toEqual({ required: false, aiNarrationLine: false });
    expect(PROFILES_WANTING_AI_LINE).toEqual([
      'ACX',
      'Google Play Books',
      'INaudio',
      'Apple Books',
      'Spotify',
    ]);
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

describe('credits as files of their own', () => {
  it('splits the credits into their own chapter files, named by the retailer profile', () => {
    const base = createProject({ title: 'Book', textBlocks: ['One.', 'More of one.', 'Two.'] });
    let project = applyCredits(base, { opening: 'Book.', closing: 'The end.' });
    const filesOf = (titled: typeof project) => {
      const layout = layoutTimeline(titled, contextOf(titled));
      const spans = chapterSpans(chapterMarks(titled, layout), layout.totalMs, titled.title);
      return chapterFileNames(retailProfile('acx').fileNameTemplate, spans, titled.title);
    };
    expect(filesOf(project)).toEqual(['01 Opening Credits', '02 Book', '03 Closing Credits']);
    const [, one, , two] = project.tracks.speech.blocks;
    project = updateBlock(project, one!.id, { chapterTitle: 'Chapter One' });
    project = updateBlock(project, two!.id, { chapterTitle: 'Chapter Two' });
    expect(filesOf(project)).toEqual([
      '01 Opening Credits',
      '02 Chapter One',
      '03 Chapter Two',
      '04 Closing Credits',
    ]);
  });
});
