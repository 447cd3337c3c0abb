import { describe, expect, it } from 'vitest';
import { ProjectEditError } from './edit-error.js';
import { deepFreeze, sampleProject } from './test-support.js';
import { DEFAULT_ORIGINAL_AUDIO } from './timing-schema.js';
import type { ReferenceVideo } from './timing-schema.js';
import { relocateVideo, removeVideo, setVideo } from './video-edits.js';

const scene: ReferenceVideo = {
  path: '/films/scene.mp4',
  durationMs: 90_000,
  width: 1920,
  height: 1080,
  frameRate: 25,
  originalAudio: DEFAULT_ORIGINAL_AUDIO,
};

describe('video edits', () => {
  it('sets and replaces the video without touching the project passed in or any block', () => {
    const project = deepFreeze(sampleProject());
    const withVideo = setVideo(project, scene);
    expect(withVideo.video).toEqual(scene);
    expect(project.video).toBeUndefined();
    expect(withVideo.tracks).toBe(project.tracks);
    const replaced = setVideo(withVideo, { path: '/films/other.webm', durationMs: 5_000 });
    expect(replaced.video).toEqual({ path: '/films/other.webm', durationMs: 5_000 });
  });

  it('refuses a video record that breaks the format, naming the field', () => {
    const project = sampleProject();
    expect(() => setVideo(project, { ...scene, durationMs: -5 })).toThrow(ProjectEditError);
    expect(() => setVideo(project, { ...scene, durationMs: -5 })).toThrow(
      /The video's durationMs must be 0 or more milliseconds\./,
    );
  });

  it('relocates a moved video: new path and facts, the original-audio settings as the user left them', () => {
    const tuned = { volumeDb: -9, muted: true, duckDb: -24 };
    const project = deepFreeze(setVideo(sampleProject(), { ...scene, originalAudio: tuned }));
    const located = relocateVideo(project, {
      ...scene,
      path: '/new/place/scene.mp4',
      durationMs: 90_040,
    });
    expect(located.video).toEqual({
      ...scene,
      path: '/new/place/scene.mp4',
      durationMs: 90_040,
      originalAudio: tuned,
    });
    expect({ ...located, video: undefined }).toEqual({ ...project, video: undefined });
    // A located file without sound of its own has no original audio to set.
    const silent = relocateVideo(project, { path: '/new/silent.mov', durationMs: 90_000 });
    expect(silent.video).toEqual({ path: '/new/silent.mov', durationMs: 90_000 });
  });

  it('refuses to relocate a video the project does not have', () => {
    expect(() => relocateVideo(sampleProject(), scene)).toThrow(/This project has no video to locate/);
  });

  it('removes the video and only it', () => {
    const project = deepFreeze(setVideo(sampleProject(), scene));
    const removed = removeVideo(project);
    expect(removed).not.toHaveProperty('video');
    expect(removed.tracks).toBe(project.tracks);
    const plain = sampleProject();
    expect(removeVideo(plain)).toBe(plain);
  });
});
