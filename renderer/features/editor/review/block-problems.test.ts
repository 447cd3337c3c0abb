import { describe, expect, it } from 'vitest';
import { updateBlock } from '../../../../common/project/index.js';
import { contextOf, sampleProject } from '../../../../common/project/test-support.js';
import { voiceCatalog } from '../../../../common/project/voice-fit.js';
import { VOICE_A } from '../../../../common/project/test-support.js';
import { blockProblems } from './block-problems.js';

const NO_VOICES = voiceCatalog([]);

describe('blockProblems', () => {
  it("names what the service would refuse, without the block's label, once per block object", () => {
    const project = updateBlock(sampleProject(), 't1', { speechRate: 5 });
    const context = contextOf(project);
    const [bad, good] = project.tracks.speech.blocks;
    const problems = blockProblems(project, context, bad!, NO_VOICES);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe('Speech rate must be from 0.5 to 2 (got 5).');
    expect(problems[0]).not.toContain('Speech block 1');
    expect(blockProblems(project, context, bad!, NO_VOICES)).toBe(problems);
    expect(blockProblems(project, context, good!, NO_VOICES)).toEqual([]);
  });

  it('leaves "no voice is chosen" to the project when no voice is set anywhere (an offline draft)', () => {
    const base = sampleProject();
    const draft = { ...base, defaults: { ...base.defaults, voiceId: null } };
    const context = contextOf(draft);
    const withoutOwnVoice = draft.tracks.speech.blocks.find(
      (block) => block.type === 'text' && block.voiceId === undefined,
    );
    expect(withoutOwnVoice).toBeDefined();
    expect(blockProblems(draft, context, withoutOwnVoice!, NO_VOICES)).toEqual([]);
  });

  it('marks a line whose style its voice lacks, naming the voice and its own default', () => {
    const project = updateBlock(sampleProject(), 't1', { promptId: 'calm' });
    const context = contextOf(project);
    const voices = voiceCatalog([
      {
        id: 'a',
        idForGenerate: VOICE_A,
        name: 'Ava',
        state: 'ready',
        styles: [{ id: 'default', name: 'Default' }],
      },
    ]);
    expect(blockProblems(project, context, project.tracks.speech.blocks[0]!, voices)).toEqual([
      'The style “calm” (set on this block) is not a style of the voice Ava (its styles: Default); Ava’s own default is “Default”.',
    ]);
  });
});
