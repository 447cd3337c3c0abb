import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { blockState } from './block-state.js';
import { setGenerationState } from './block-edits.js';
import { contentHash } from './content-hash.js';
import { renameProject, setProjectDefaults, setServiceUrl } from './project-edits.js';
import { VOICE_B, sampleProject } from './test-support.js';

describe('project edits', () => {
  it('renames with a trimmed, non-empty title of at most 200 characters', () => {
    const project = sampleProject();
    expect(renameProject(project, '  Episode 2 ').title).toBe('Episode 2');
    expect(project.title).toBe('Sample');
    expect(() => renameProject(project, '   ')).toThrow(/must not be empty/);
    expect(() => renameProject(project, 'x'.repeat(201))).toThrow(/at most 200 characters/);
  });

  it('changes defaults, dropping the old voice name when the voice changes', () => {
    const project = sampleProject();
    const changed = setProjectDefaults(project, { voiceId: VOICE_B });
    expect(changed.defaults.voiceId).toBe(VOICE_B);
    expect('voiceName' in changed.defaults).toBe(false);
    expect(setProjectDefaults(project, { voiceId: VOICE_B, voiceName: 'Ben' }).defaults.voiceName).toBe(
      'Ben',
    );
    expect(setProjectDefaults(project, { speechRate: 1.3 }).defaults).toMatchObject({
      speechRate: 1.3,
      voiceName: 'Ava',
    });
  });

  it('makes blocks that use a changed default stale, and only those', () => {
    const base = sampleProject();
    let project = base;
    for (const block of base.tracks.speech.blocks) {
      project = setGenerationState(project, block.id, {
        kind: 'generated',
        contentHash: contentHash(block, defaultsOnlyContext(base.defaults)),
        audio: { cacheKey: block.id, durationMs: 1000, generatedAt: '2024-01-01T00:00:00Z' },
      });
    }
    const changed = setProjectDefaults(project, { voiceId: VOICE_B });
    // t3 has its own voice.
    expect(
      changed.tracks.speech.blocks.map((block) => blockState(block, defaultsOnlyContext(changed.defaults))),
    ).toEqual(['stale', 'stale', 'generated']);
  });

  it('refuses malformed defaults, naming the field', () => {
    expect(() => setProjectDefaults(sampleProject(), { speechRate: 'fast' as unknown as number })).toThrow(
      /Project default "speechRate"/,
    );
    expect(() => setProjectDefaults(sampleProject(), { language: undefined })).toThrow(/"language"/);
  });

  it('sets and clears the service URL', () => {
    const tied = setServiceUrl(sampleProject(), 'https://svc.example');
    expect(tied.serviceUrl).toBe('https://svc.example');
    expect('serviceUrl' in setServiceUrl(tied, undefined)).toBe(false);
  });
});
