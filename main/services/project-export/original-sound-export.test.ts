import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import type { RenderClip } from '../../../common/export/render-plan.js';
import type { Project } from '../../../common/project/index.js';
import type { OriginalAudio } from '../../../common/project/timing-schema.js';
import { makeProject } from '../batch/test-support/batch-fakes.js';
import type { ExportEngine } from '../export/index.js';
import type { ExportRequest } from '../export/export-types.js';
import { recordingExporter } from './test-support/recording-engine.js';

let dir: string;
let videoPath: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-original-sound-export-'));
  videoPath = path.join(dir, 'Clip.mp4');
  // The exporter only names the video; the engine decodes it (video-export/original-sound-mix.test.ts).
  await writeFile(videoPath, 'video');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function projectWithVideo(originalAudio: OriginalAudio | undefined): Project {
  const project = makeProject('Clip', ['One.', 'Two.'], true);
  return {
    ...project,
    video: { path: videoPath, durationMs: 8000, ...(originalAudio ? { originalAudio } : {}) },
  };
}

/** The audio export ('mix') of a project, with the request the engine was given and the outputs. */
async function exportAudio(project: Project, videos?: { allows(filePath: string): boolean }) {
  const { exporter, engine } = recordingExporter(videos ? { videos } : {});
  const exportMix = vi.spyOn(engine as unknown as ExportEngine, 'exportMix');
  const prepared = await exporter.prepare(project, defaultProjectExportSettings);
  const outputs = await exporter.export(prepared, {
    outputPath: path.join(dir, 'Clip.wav'),
    mode: 'mix',
    overwrite: false,
  });
  const request = exportMix.mock.calls[0]![0] as ExportRequest;
  const bed = request.plan.clips.find((clip: RenderClip) => clip.videoSound === true);
  return { request, bed, outputs };
}

describe('the audio export of a project with a reference video', () => {
  it('lays the video’s original sound under the speech as its track sets it', async () => {
    const { request, bed, outputs } = await exportAudio(
      projectWithVideo({ volumeDb: -3, muted: false, duckDb: -10 }),
    );
    expect(bed).toMatchObject({ track: 'music', startMs: 0, durationMs: 8000, gainDb: -3, duckDb: 10 });
    expect(request.sources[bed!.sourceKey]).toBe(videoPath);
    // The speech is all there beside it.
    expect(request.plan.clips.filter((clip) => clip.track === 'speech')).toHaveLength(2);
    expect(outputs.warnings).toEqual([]);
  });

  it('leaves a muted original, or a video without sound, out, without a word', async () => {
    for (const project of [
      projectWithVideo({ volumeDb: 0, muted: true, duckDb: -12 }),
      projectWithVideo(undefined),
    ]) {
      const { bed, outputs } = await exportAudio(project);
      expect(bed).toBeUndefined();
      expect(outputs.warnings).toEqual([]);
    }
  });

  it('lays nothing under the speech for a video the project notes as of no length yet', async () => {
    const project = projectWithVideo({ volumeDb: 0, muted: false, duckDb: -12 });
    const { bed, outputs } = await exportAudio({ ...project, video: { ...project.video!, durationMs: 0 } });
    expect(bed).toBeUndefined();
    expect(outputs.warnings).toEqual([]);
  });

  it('says why the original is left out when the video is not one the user chose here, or is gone', async () => {
    const refused = await exportAudio(projectWithVideo({ volumeDb: 0, muted: false, duckDb: -12 }), {
      allows: () => false,
    });
    expect(refused.bed).toBeUndefined();
    expect(refused.outputs.warnings).toEqual([
      'The reference video “Clip.mp4” was not chosen in Timbre Studio on this computer, so its original sound is not mixed in: locate it in the editor to mix it.',
    ]);
    await rm(videoPath);
    const gone = await exportAudio(projectWithVideo({ volumeDb: 0, muted: false, duckDb: -12 }));
    expect(gone.bed).toBeUndefined();
    expect(gone.outputs.warnings).toEqual([
      `The reference video “Clip.mp4” is not at ${dir} any more, so its original sound is not mixed in: locate it in the editor to mix it.`,
    ]);
  });
});
