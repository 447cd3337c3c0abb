import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { RenderClip, RenderPlan } from '../../../common/export/render-plan.js';
import type { Project } from '../../../common/project/index.js';
import type { OriginalAudio } from '../../../common/project/timing-schema.js';

/** The bed's clip id: block ids are UUIDs, so it never meets one. */
const BED_CLIP_ID = 'original-sound';

/** A plan and its source files with a reference video's original sound laid under the mix, and what was left out. */
export interface WithOriginalSound {
  readonly plan: RenderPlan;
  readonly sources: Record<string, string>;
  /** Why the original sound is not in the mix although the project asks for it, in a sentence. */
  readonly warnings: readonly string[];
}

/**
 * Lays a reference video's own sound under the mix as the project's original-audio track sets it: from the
 * video's start for its length, at its volume, lowered by its ducking depth under speech with the export's
 * ducking attack and release (the preview's curve). A muted track, or a video without sound (no `originalAudio`),
 * adds nothing. The decoded sound is kept in the PCM cache under the video's identity (path, size and
 * modification time), so an unchanged video is decoded once for all its exports; a video that is gone is left
 * out with a warning (the export of the speech goes on).
 */
export async function withOriginalSound(
  plan: RenderPlan,
  sources: Record<string, string>,
  video: { readonly path: string; readonly durationMs: number },
  originalAudio: OriginalAudio | undefined,
): Promise<WithOriginalSound> {
  // A video of no length (a project's note of one not measured yet) has nothing to lay under the speech.
  if (originalAudio === undefined || originalAudio.muted || video.durationMs <= 0) {
    return { plan, sources, warnings: [] };
  }
  const file = await stat(video.path).catch(() => undefined);
  if (!file?.isFile()) {
    return {
      plan,
      sources,
      warnings: [
        `The reference video “${path.basename(video.path)}” is not at ${path.dirname(video.path)} any more, so its original sound is not mixed in: locate it in the editor to mix it.`,
      ],
    };
  }
  // `2`: the decode's revision (surround folded to stereo since 2), so a sound cached by an older decode is not reused.
  const sourceKey = `video-sound|2|${file.size}|${Math.round(file.mtimeMs)}|${video.path}`;
  const bed: RenderClip = {
    id: BED_CLIP_ID,
    track: 'music',
    sourceKey,
    videoSound: true,
    startMs: 0,
    durationMs: video.durationMs,
    gainDb: originalAudio.volumeDb,
    fadeInMs: 0,
    fadeOutMs: 0,
    duckDb: -originalAudio.duckDb,
  };
  return {
    plan: { ...plan, clips: [...plan.clips, bed] },
    sources: { ...sources, [sourceKey]: video.path },
    warnings: [],
  };
}

/** The mix with a project's video's original sound under it, unless the app may not read that video. */
export async function projectOriginalSound(
  video: Project['video'],
  plan: RenderPlan,
  sources: Record<string, string>,
  videos: { allows(filePath: string): boolean } | undefined,
): Promise<WithOriginalSound> {
  if (video === undefined) return { plan, sources, warnings: [] };
  if (videos?.allows(video.path) === false) {
    const warning = `The reference video “${path.basename(video.path)}” was not chosen in Timbre Studio on this computer, so its original sound is not mixed in: locate it in the editor to mix it.`;
    return { plan, sources, warnings: video.originalAudio?.muted === false ? [warning] : [] };
  }
  return withOriginalSound(plan, sources, video, video.originalAudio);
}
