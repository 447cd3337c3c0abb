import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from './block-factory.js';
import { estimateSpeechMs } from './duration-estimate.js';
import type { Project } from './project-schema.js';
import { linesPastVideoEnd } from './past-video-end.js';
import { contextOf, sequentialIds } from './test-support.js';
import { layoutTimeline } from './timeline-layout.js';

const ids = sequentialIds('v');
const TEXT = 'abcdefghijklmno.';
const LENGTH_MS = estimateSpeechMs(TEXT);

function projectWith(videoMs: number | undefined, starts: number[]): Project {
  const base = createProject({ id: 'p', title: 'Dub', defaults: { voiceId: 'v' } }, ids);
  const blocks = starts.map((startMs) => ({
    ...createTextBlock({ text: TEXT, pauseAfterMs: 0 }, ids),
    timing: { startMs, lane: 0, fit: 'fixed' as const },
  }));
  return {
    ...base,
    ...(videoMs === undefined ? {} : { video: { path: '/v.mp4', durationMs: videoMs } }),
    tracks: { ...base.tracks, speech: { blocks } },
  };
}

function sentences(project: Project): string[] {
  return linesPastVideoEnd(project, layoutTimeline(project, contextOf(project)));
}

describe('speech past the reference video’s end', () => {
  it('names the lines the video export cuts off, and how much of each', () => {
    const videoMs = 10_000;
    const project = projectWith(videoMs, [0, videoMs - 400, videoMs + 1_000]);
    expect(sentences(project)).toEqual([
      `Line 2 loses its last ${((LENGTH_MS - 400) / 1000).toFixed(1)} s.`,
      'Line 3 is not heard at all.',
    ]);
  });

  it('says nothing without a video or when every line ends inside it', () => {
    expect(sentences(projectWith(undefined, [50_000]))).toEqual([]);
    expect(sentences(projectWith(60_000, [0, 5_000]))).toEqual([]);
  });
});
