import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, writeProject } from './test-support/batch-fakes.js';
import {
  exporter,
  generator,
  input,
  openQueue,
  outDir,
  projectsDir,
  settings,
  statuses,
  useQueueHarness,
} from './test-support/queue-harness.js';

useQueueHarness();

describe('BatchQueue, video mode', () => {
  it('exports a timed project as a video named after its container, with the picture the user named', async () => {
    const project = makeProject('Dub', ['Bonjour.', 'Au revoir.'], true);
    const timed = {
      ...project,
      video: { path: '/videos/clip.mov', durationMs: 30_000 },
      tracks: {
        ...project.tracks,
        speech: {
          blocks: project.tracks.speech.blocks.map((block, index) => ({
            ...block,
            timing: { startMs: 2_000 + index * 10_000, lane: 0, fit: 'fixed' as const },
          })),
        },
      },
    };
    const file = await writeProject(projectsDir, 'dub.timbre', timed);
    const queue = await openQueue();
    await queue.add(
      input([file], {
        mode: 'video',
        settings: { ...settings, video: { container: 'mov', keepOriginalAudio: true } },
        videoPath: '/elsewhere/clip.mov',
      }),
    );
    queue.start();
    await queue.whenIdle();
    expect(statuses(queue.view())).toEqual(['Dub:done']);
    expect(exporter.calls).toEqual([
      {
        title: 'Dub',
        outputPath: path.join(outDir, 'Dub.mov'),
        overwrite: false,
        mode: 'video',
        videoPath: '/elsewhere/clip.mov',
      },
    ]);
    // The subtitles of the new speech go beside the video, and count for the next item's free name.
    expect(queue.view().items[0]?.outputs?.subtitlePaths).toEqual([path.join(outDir, 'Dub.srt')]);
  });

  it('refuses a video its container cannot hold before generating the missing blocks (no credits spent)', async () => {
    const project = makeProject('Dub', ['Bonjour.', 'Au revoir.']);
    const file = await writeProject(projectsDir, 'dub.timbre', {
      ...project,
      video: { path: '/videos/clip.mp4', durationMs: 30_000 },
    });
    const refusal =
      'The video “clip.mp4” has H.264 picture, and a WebM file holds only VP8, VP9 or AV1 picture (the picture is copied, never re-encoded): export it as MP4 or MOV.';
    exporter.videoRefusal = refusal;
    const queue = await openQueue();
    await queue.add(
      input([file], {
        mode: 'video',
        generateMissing: true,
        settings: { ...settings, video: { container: 'webm', keepOriginalAudio: false } },
      }),
    );
    queue.start();
    await queue.whenIdle();
    expect(statuses(queue.view())).toEqual(['Dub:failed']);
    expect(queue.summary().failed[0]?.error).toMatchObject({ code: 'EXPORT_FAILED', message: refusal });
    expect(generator.calls).toEqual([]);
    expect(exporter.calls).toEqual([]);
  });
});
