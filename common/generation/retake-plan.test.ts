import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/index.js';
import { contextOf } from '../project/test-support.js';
import { retakePlan } from './retake-plan.js';

describe('retakePlan', () => {
  it('prices what is sent: locked blocks left out, the same content once', () => {
    const base = createProject({ title: 'Retake', defaults: { voiceId: 'v1', language: 'en' } });
    const blocks = [
      createTextBlock({ text: 'Once more.' }),
      createTextBlock({ text: 'Once more.' }),
      createTextBlock({ text: 'Locked, so it keeps its take.', locked: true }),
      createTextBlock({ text: 'Not flagged at all.' }),
    ];
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };
    const plan = retakePlan(project, contextOf(project), [blocks[0]!.id, blocks[1]!.id, blocks[2]!.id]);
    expect(plan).toEqual({
      blockIds: [blocks[0]!.id, blocks[1]!.id],
      locked: 1,
      characters: 10,
      estimatedCredits: 10,
    });
    expect(retakePlan(project, contextOf(project), [blocks[2]!.id])).toMatchObject({
      blockIds: [],
      locked: 1,
      estimatedCredits: 0,
    });
  });
});
