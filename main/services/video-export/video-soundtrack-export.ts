import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectExportSettings, RenderPlan } from '../../../common/export/index.js';
import { containerForVideoPath } from '../../../common/export/video-output.js';
import type { ExportEngine, RunOptions } from '../export/index.js';
import { ExportCancelledError } from '../export/export-errors.js';
import { publishStaged } from '../export/output/publish-staged.js';
import type { OriginalAudio } from '../../../common/project/timing-schema.js';
import { withOriginalSound } from './original-sound-bed.js';
import { remuxWithSoundtrack } from './soundtrack-remux.js';
import { withStagedMix } from './staged-mix.js';

export interface VideoSoundtrackJob {
  readonly plan: RenderPlan;
  readonly sources: Record<string, string>;
  readonly settings: ProjectExportSettings;
  /** The project's reference video (its picture is copied) and its length as the project knows it. */
  readonly video: { readonly path: string; readonly durationMs: number };
  /** The new video: .mp4 or .mov; its subtitles (as the settings ask) go beside it. */
  readonly outputPath: string;
  readonly overwrite: boolean;
  readonly pcmCacheDir: string;
  /**
   * The project's original-audio track (volume, mute, ducking): the video's own sound is mixed under the speech as
   * it sets; absent (a video without sound) or muted, it is not.
   */
  readonly originalAudio?: OriginalAudio | undefined;
  /** The speech's language as ISO 639-2/T ("deu"), when the project names one: the new audio stream's language. */
  readonly soundtrackLanguage?: string | undefined;
}

export interface VideoSoundtrackResult {
  readonly outputPath: string;
  readonly subtitlePaths: readonly string[];
  readonly durationMs: number;
  readonly bytes: number;
  /** What was left out and why (the original sound of a video without sound or in a codec not built in). */
  readonly warnings: readonly string[];
}

/** The mix's share of the progress bar; the remux (mostly encoding the audio) has the rest. */
const RENDER_SHARE = 0.4;

/**
 * A project's video with its new soundtrack: the export engine renders the mix (volumes, ducking, loudness, the
 * subtitles from the real takes, the video's own sound under it as the original-audio track sets) as long as the
 * video into a hidden staging folder beside the destination, the remux copies the picture and encodes the mix into the new video there, and only then do the subtitles and the
 * video take their names. A cancel or a failure removes the staging folder; a killed export's folder is in the
 * engine's ledger of partial files, removed at the next start.
 */
export async function exportVideoWithSoundtrack(
  engine: ExportEngine,
  job: VideoSoundtrackJob,
  run: RunOptions = {},
): Promise<VideoSoundtrackResult> {
  const container = containerForVideoPath(job.outputPath);
  const warnings: string[] = [];
  const mixRequest = async () => {
    const withBed = await withOriginalSound(
      { ...job.plan, durationMs: job.video.durationMs },
      job.sources,
      job.video,
      job.originalAudio,
    );
    warnings.push(...withBed.warnings);
    const { plan, sources } = withBed;
    return { plan, sources, options: job.settings.options, pcmCacheDir: job.pcmCacheDir };
  };
  const staged = { outputPath: job.outputPath, renderShare: RENDER_SHARE, mixRequest };
  return withStagedMix(engine, staged, run, async ({ mix, staging, base, onFraction }) => {
    const stagedVideo = path.join(staging, `${base}.${container}`);
    const remuxed = await remuxWithSoundtrack({
      videoPath: job.video.path,
      mixWavPath: mix.audioPath,
      outputPath: stagedVideo,
      container,
      keepOriginalAudio: job.settings.video?.keepOriginalAudio ?? false,
      soundtrackLanguage: job.soundtrackLanguage,
      signal: run.signal,
      onFraction,
    });
    if (run.signal?.aborted) throw new ExportCancelledError();
    const finalSubtitles = await publishStaged(
      { main: stagedVideo, besides: mix.subtitlePaths },
      job.outputPath,
      job.overwrite,
    );
    const { size } = await stat(job.outputPath);
    return {
      outputPath: job.outputPath,
      subtitlePaths: finalSubtitles,
      durationMs: remuxed.durationMs,
      bytes: size,
      warnings: [...warnings, ...(mix.warnings ?? [])],
    };
  });
}
