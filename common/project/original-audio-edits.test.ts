import { describe, expect, it } from 'vitest';
import { setOriginalAudio } from './original-audio-edits.js';
import { sampleProject } from './test-support.js';
import { DEFAULT_ORIGINAL_AUDIO } from './timing-schema.js';

const withVideo = (originalAudio = DEFAULT_ORIGINAL_AUDIO) => ({
  ...sampleProject(),
  video: { path: '/v/spot.mp4', durationMs: 30_000, originalAudio },
});

describe('setOriginalAudio', () => {
  it('changes only the original sound, leaving the blocks and the file as they are', () => {
    const project = withVideo();
    const changed = setOriginalAudio(project, { volumeDb: -6, muted: true });
    expect(changed.video).toEqual({
      path: '/v/spot.mp4',
      durationMs: 30_000,
      originalAudio: { volumeDb: -6, muted: true, duckDb: -12 },
    });
    expect(changed.tracks).toBe(project.tracks);
    expect(project.video.originalAudio).toEqual(DEFAULT_ORIGINAL_AUDIO);
  });

  it('refuses a value outside its range, naming the field and the rule', () => {
    expect(() => setOriginalAudio(withVideo(), { duckDb: 3 })).toThrow(
      expect.objectContaining({ field: 'video.originalAudio.duckDb', rule: 'out-of-range' }),
    );
    expect(() => setOriginalAudio(withVideo(), { volumeDb: -61 })).toThrow(
      /volumeDb must be -60 dB or more/u,
    );
  });

  it('refuses a project without a video, or a video without sound', () => {
    expect(() => setOriginalAudio(sampleProject(), { muted: true })).toThrow(/has no video/u);
    const silent = { ...sampleProject(), video: { path: '/v/silent.webm', durationMs: 1_000 } };
    expect(() => setOriginalAudio(silent, { muted: true })).toThrow(/no sound of its own/u);
  });
});
