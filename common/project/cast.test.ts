import { describe, expect, it } from 'vitest';
import type { LexiconRule } from '../pronunciation/lexicon-schema.js';
import { createProject, createTextBlock } from './block-factory.js';
import { blockState } from './block-state.js';
import { addSpeaker, assignSpeaker, removeSpeaker, setProjectLexicon, updateSpeaker } from './cast-edits.js';
import { NARRATOR_ID } from './cast-schema.js';
import { toContentBlock } from './content-block.js';
import { contentHash } from './content-hash.js';
import { ProjectEditError } from './edit-error.js';
import type { Project } from './project-schema.js';
import { projectSchema } from './project-schema.js';
import { sendContext } from './send-context.js';
import { staleImpact } from './stale-impact.js';
import { projectStats } from './project-stats.js';
import { VOICE_A, VOICE_B, contextOf, deepFreeze, sequentialIds } from './test-support.js';

const VOICE_C = '33333333-3333-4333-8333-333333333333';

/** Three lines: narration, Alice (voice B), narration; every block generated for its current content. */
function play(): { project: Project; aliceId: string } {
  const ids = sequentialIds('b');
  const base = createProject({ id: 'p', title: 'Play', defaults: { voiceId: VOICE_A } }, ids);
  const { project: withAlice, speaker } = addSpeaker(base, { name: 'Alice', voiceId: VOICE_B }, ids);
  const lines = ['The door opened.', 'Who is there?', 'Nobody answered. Paris was quiet.'];
  const blocks = lines.map((text, index) =>
    createTextBlock({ id: `t${index + 1}`, text, ...(index === 1 ? { speakerId: speaker.id } : {}) }, ids),
  );
  const drafted: Project = { ...withAlice, tracks: { ...withAlice.tracks, speech: { blocks } } };
  return { project: deepFreeze(generated(drafted)), aliceId: speaker.id };
}

function generated(project: Project): Project {
  const context = contextOf(project);
  const blocks = project.tracks.speech.blocks.map((block) => {
    const hash = contentHash(block, context);
    return {
      ...block,
      generation: {
        kind: 'generated' as const,
        contentHash: hash,
        audio: { cacheKey: hash, durationMs: 1000, generatedAt: '2024-01-01T00:00:00.000Z' },
      },
    };
  });
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

function states(project: Project, serviceRules: readonly LexiconRule[] = []): string[] {
  const context = sendContext(project, serviceRules);
  return project.tracks.speech.blocks.map((block) => blockState(block, context));
}

function rule(term: string, replacement: string, options: Partial<LexiconRule> = {}): LexiconRule {
  return { id: `rule-${term}`, term, replacement, wholeWord: true, caseSensitive: false, ...options };
}

describe('the send context', () => {
  it('keeps one context per project version, even when two versions share their defaults', () => {
    const { project } = play();
    const withSpeaker = addSpeaker(project, { name: 'Stranger' }).project;
    expect(withSpeaker.defaults).toBe(project.defaults);
    const rules: LexiconRule[] = [];
    const before = sendContext(project, rules);
    const after = sendContext(withSpeaker, rules);
    expect(after).not.toBe(before);
    expect(after.speakers.size).toBe(before.speakers.size + 1);
    // Asked in turn (the editor's project, then a view's throttled copy), each keeps its context: a view's
    // effects that depend on it then run once, not on every render.
    expect(sendContext(project, rules)).toBe(before);
    expect(sendContext(withSpeaker, rules)).toBe(after);
    expect(sendContext(project, rules)).toBe(before);
    expect(sendContext(project, [])).not.toBe(before);
  });
});

describe('the cast', () => {
  it('fills a block’s parameters from its speaker, then the defaults; the block can still override', () => {
    const { project, aliceId } = play();
    const context = contextOf(project);
    const [narration, alice] = project.tracks.speech.blocks;
    expect(toContentBlock(narration!, context).voiceId).toBe(VOICE_A);
    expect(toContentBlock(alice!, context).voiceId).toBe(VOICE_B);
    const fast = updateSpeaker(project, aliceId, { speechRate: 1.3, preset: 'expressive' });
    expect(toContentBlock(fast.tracks.speech.blocks[1]!, contextOf(fast))).toMatchObject({
      voiceId: VOICE_B,
      speechRate: 1.3,
      preset: 'expressive',
    });
    const overridden = {
      ...fast,
      tracks: {
        ...fast.tracks,
        speech: {
          blocks: fast.tracks.speech.blocks.map((b) => (b.id === 't2' ? { ...b, speechRate: 0.8 } : b)),
        },
      },
    } as Project;
    expect(toContentBlock(overridden.tracks.speech.blocks[1]!, contextOf(overridden)).speechRate).toBe(0.8);
  });

  it('makes exactly a speaker’s blocks stale when its voice changes, and counts them before', () => {
    const { project, aliceId } = play();
    expect(states(project)).toEqual(['generated', 'generated', 'generated']);
    const changed = updateSpeaker(project, aliceId, { voiceId: VOICE_C });
    expect(states(changed)).toEqual(['generated', 'stale', 'generated']);
    expect(staleImpact(project, contextOf(project), changed, contextOf(changed))).toEqual({
      blocks: 1,
      characters: 'Who is there?'.length,
      estimatedCredits: 'Who is there?'.length,
      blockIds: ['t2'],
    });
    // Renaming or recolouring a speaker changes nothing that is sent.
    const renamed = updateSpeaker(project, aliceId, { name: 'Alice Liddell', colour: '#123456' });
    expect(states(renamed)).toEqual(['generated', 'generated', 'generated']);
  });

  it('moves lines between speakers and back to the narrator, and removing a speaker returns its lines', () => {
    const { project, aliceId } = play();
    const reassigned = assignSpeaker(project, ['t1'], aliceId);
    expect(reassigned.tracks.speech.blocks[0]).toMatchObject({ speakerId: aliceId });
    expect(states(reassigned)).toEqual(['stale', 'generated', 'generated']);
    const narrated = assignSpeaker(project, ['t2'], NARRATOR_ID);
    expect(narrated.tracks.speech.blocks[1]).not.toHaveProperty('speakerId');
    const removed = removeSpeaker(project, aliceId);
    expect(removed.cast.map((speaker) => speaker.id)).toEqual([NARRATOR_ID]);
    expect(removed.tracks.speech.blocks[1]).not.toHaveProperty('speakerId');
    expect(projectSchema.safeParse(removed).success).toBe(true);
  });

  it('refuses what would break the cast, with the reason in words', () => {
    const { project, aliceId } = play();
    expect(() => addSpeaker(project, { name: 'alice' })).toThrow(/already has a speaker called “Alice”/u);
    expect(() => removeSpeaker(project, NARRATOR_ID)).toThrow(/narrator cannot be removed/u);
    expect(() => assignSpeaker(project, ['t1'], 'nobody')).toThrow(ProjectEditError);
    expect(() => updateSpeaker(project, aliceId, { name: ' ' })).toThrow(/Speaker name must not be empty/u);
    expect(() => updateSpeaker(project, aliceId, { colour: 'red' })).toThrow(/#rrggbb/u);
  });

  it('keeps a file whose block names a speaker not in the cast from loading, naming the block', () => {
    const { project } = play();
    const broken = { ...project, cast: project.cast.slice(0, 1) };
    const parsed = projectSchema.safeParse(broken);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['tracks', 'speech', 'blocks', 1, 'speakerId'] });
  });
});

describe('pronunciation and staleness', () => {
  it('sends the text with the rules applied, never changing the script', () => {
    const { project } = play();
    const withRule = setProjectLexicon(project, [rule('Paris', 'Pa-ree')]);
    const block = withRule.tracks.speech.blocks[2]!;
    expect(toContentBlock(block, contextOf(withRule)).text).toBe('Nobody answered. Pa-ree was quiet.');
    expect(block.type === 'text' && block.text).toBe('Nobody answered. Paris was quiet.');
  });

  it('counts characters and credits of the text as sent, as the service counts them', () => {
    const { project } = play();
    const withRule = setProjectLexicon(project, [rule('Paris', 'Paris, France')]);
    const before = projectStats(project, contextOf(project));
    const after = projectStats(withRule, contextOf(withRule));
    expect(after.characterCount - before.characterCount).toBe(', France'.length);
    expect(after.estimatedCredits).toBe(after.characterCount);
  });

  it('makes exactly the blocks whose sent text a new rule changes stale, with their count and credits', () => {
    const { project } = play();
    const withRule = setProjectLexicon(project, [rule('Paris', 'Pa-ree')]);
    expect(states(withRule)).toEqual(['generated', 'generated', 'stale']);
    const impact = staleImpact(project, contextOf(project), withRule, contextOf(withRule));
    expect(impact.blockIds).toEqual(['t3']);
    expect(impact.characters).toBe('Nobody answered. Pa-ree was quiet.'.length);
    // A rule scoped to another voice changes nothing for these blocks.
    const scoped = setProjectLexicon(project, [rule('Paris', 'Pa-ree', { voiceId: VOICE_C })]);
    expect(states(scoped)).toEqual(['generated', 'generated', 'generated']);
  });

  it('applies the service lexicon after the project’s, and a service rule stales its blocks in every project', () => {
    const { project } = play();
    expect(states(project, [rule('door', 'dore')])).toEqual(['stale', 'generated', 'generated']);
    const projectFirst = setProjectLexicon(project, [rule('door', 'gate')]);
    const context = sendContext(projectFirst, [rule('door', 'dore'), rule('gate', 'yate')]);
    expect(toContentBlock(projectFirst.tracks.speech.blocks[0]!, context).text).toBe('The gate opened.');
  });

  it('refuses a bad rule, naming which one', () => {
    const { project } = play();
    expect(() => setProjectLexicon(project, [rule('ok', 'fine'), rule('', 'x')])).toThrow(
      'Pronunciation rule 2: term must not be empty.',
    );
  });
});
