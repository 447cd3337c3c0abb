import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from './block-factory.js';
import { addSpeaker, assignSpeaker, updateSpeaker } from './cast-edits.js';
import type { Project } from './project-schema.js';
import { validateProject } from './project-validation.js';
import { contextOf } from './test-support.js';
import type { CatalogVoice } from './voice-fit.js';
import { applyStyleFixes, voiceCatalog } from './voice-fit.js';

const ARIA = 'c3d9a7e4-1b2f-4e6a-8d05-9f7b3c2a1e42';
const BRUNO = '9e4b2c71-6d0a-4f3e-b8a1-5c7d2e9f0b64';
const MEI = 'e1f7c4a2-0d3b-4a9e-9c58-3b6a8d1f2e76';

/** The stand-in's market voices, as the library lists them. */
function library(meiState: CatalogVoice['state'] = 'ready') {
  return [
    {
      id: 'aria',
      idForGenerate: ARIA,
      name: 'Aria',
      state: 'ready' as const,
      styles: [
        { id: 'default', name: 'Default' },
        { id: 'calm', name: 'Calm' },
        { id: 'bright', name: 'Bright' },
      ],
    },
    {
      id: 'bruno',
      idForGenerate: BRUNO,
      name: 'Bruno',
      state: 'ready' as const,
      styles: [
        { id: 'default', name: 'Default' },
        { id: 'trailer', name: 'Trailer' },
      ],
    },
    {
      id: 'mei',
      idForGenerate: MEI,
      name: 'Mei',
      state: meiState,
      styles: [{ id: 'default', name: 'Default' }],
    },
  ];
}

/** The book: the narrator on the defaults (Aria, Calm), Bruno and Mei each with a voice of their own. */
function threeSpeakerBook(): Project {
  let project = createProject({
    id: 'book',
    title: 'Book',
    defaults: { voiceId: ARIA, voiceName: 'Aria', promptId: 'calm' },
  });
  project = {
    ...project,
    tracks: {
      ...project.tracks,
      speech: {
        blocks: [
          createTextBlock({ id: 'n1', text: 'The harbour was quiet.' }),
          createTextBlock({ id: 'b1', text: 'We sail at dawn.' }),
          createTextBlock({ id: 'm1', text: 'Then we leave tonight.' }),
          createTextBlock({ id: 'b2', text: 'Fine.' }),
        ],
      },
    },
  };
  const bruno = addSpeaker(project, { name: 'Bruno', voiceId: BRUNO, voiceName: 'Bruno' }, () => 'bruno');
  const mei = addSpeaker(bruno.project, { name: 'Mei', voiceId: MEI, voiceName: 'Mei' }, () => 'mei');
  return assignSpeaker(assignSpeaker(mei.project, ['b1', 'b2'], 'bruno'), ['m1'], 'mei');
}

describe('the style a block resolves to, checked against the voice it resolves to', () => {
  it('names each block, its voice and the style, and offers the voice’s own default on the speaker', () => {
    const book = threeSpeakerBook();
    const found = validateProject(book, contextOf(book), { voices: voiceCatalog(library()) });
    expect(found.map((violation) => `${violation.blockId}:${violation.field}:${violation.rule}`)).toEqual([
      'b1:promptId:not-a-voice-style',
      'm1:promptId:not-a-voice-style',
      'b2:promptId:not-a-voice-style',
    ]);
    expect(found[0]!.message).toBe(
      'Speech block 2 (“We sail at dawn.”): The style “calm” (the project default) is not a style of the voice Bruno (its styles: Default, Trailer); Bruno’s own default is “Default”.',
    );
    expect(found.map((violation) => violation.fix)).toEqual([
      { level: 'speaker', speakerId: 'bruno', voiceName: 'Bruno', promptId: 'default', styleName: 'Default' },
      { level: 'speaker', speakerId: 'mei', voiceName: 'Mei', promptId: 'default', styleName: 'Default' },
      { level: 'speaker', speakerId: 'bruno', voiceName: 'Bruno', promptId: 'default', styleName: 'Default' },
    ]);
  });

  it('is put right in one step: each speaker gets its voice’s default and the narrator keeps Calm', () => {
    const book = threeSpeakerBook();
    const voices = voiceCatalog(library());
    const fixes = validateProject(book, contextOf(book), { voices }).flatMap((violation) =>
      violation.fix ? [violation.fix] : [],
    );
    const fixed = applyStyleFixes(book, fixes);
    expect(validateProject(fixed, contextOf(fixed), { voices })).toEqual([]);
    expect(fixed.defaults.promptId).toBe('calm');
    expect(fixed.cast.map((speaker) => [speaker.id, speaker.promptId])).toEqual([
      ['narrator', undefined],
      ['bruno', 'default'],
      ['mei', 'default'],
    ]);
  });

  it('puts the fix where the voice or the style was chosen, whichever is nearer the block', () => {
    const voices = voiceCatalog(library());
    let book = threeSpeakerBook();
    // The defaults' own voice lacks the defaults' style: the defaults are fixed.
    book = { ...book, defaults: { ...book.defaults, voiceId: BRUNO } };
    const onDefaults = validateProject(book, contextOf(book), { voices }).find((v) => v.blockId === 'n1');
    expect(onDefaults?.fix).toMatchObject({ level: 'defaults', voiceName: 'Bruno' });
    // A block with a voice of its own: the block is fixed.
    const withBlockVoice: Project = {
      ...book,
      tracks: {
        ...book.tracks,
        speech: { blocks: [createTextBlock({ id: 'x', text: 'Alone.', voiceId: MEI })] },
      },
    };
    const onBlock = validateProject(withBlockVoice, contextOf(withBlockVoice), { voices });
    expect(onBlock[0]?.fix).toMatchObject({ level: 'block', blockId: 'x', voiceName: 'Mei' });
    // A speaker's own style that its voice lacks says it is the speaker's.
    const styled = updateSpeaker(threeSpeakerBook(), 'bruno', { promptId: 'bright' });
    const bruno = validateProject(styled, contextOf(styled), { voices }).find((v) => v.blockId === 'b1');
    expect(bruno?.message).toContain('“bright” (Bruno’s, from the cast)');
  });

  it('refuses a voice that is not ready, and judges nothing when the library is not known', () => {
    const book = threeSpeakerBook();
    const failed = validateProject(book, contextOf(book), { voices: voiceCatalog(library('failed')) });
    expect(failed.find((violation) => violation.blockId === 'm1')).toMatchObject({
      field: 'voiceId',
      rule: 'voice-not-ready',
    });
    expect(failed.find((violation) => violation.blockId === 'm1')?.message).toContain(
      'The voice Mei could not be created',
    );
    expect(validateProject(book, contextOf(book))).toEqual([]);
  });
});
