import path from 'node:path';
import { buildCues } from '../../../../common/subtitles/cue-builder.js';
import { formatSrt, formatVtt } from '../../../../common/subtitles/subtitle-format.js';
import type {
  SilenceSpan,
  SubtitleSettings,
  SubtitleSource,
} from '../../../../common/subtitles/subtitle-types.js';
import { renderedSourceKey, type RenderPlan } from '../../../../common/export/render-plan.js';
import type { CachedSource } from '../decode/pcm-cache.js';
import { StagedFile } from '../output/staged-file.js';

/** The subtitle files of an export: same folder and name as the audio, with .srt / .vtt. */
export function subtitlePathsFor(audioPath: string): { srt: string; vtt: string } {
  const parsed = path.parse(audioPath);
  return {
    srt: path.join(parsed.dir, `${parsed.name}.srt`),
    vtt: path.join(parsed.dir, `${parsed.name}.vtt`),
  };
}

/**
 * The plan's spoken blocks with the silences of their audio filled in from the decoded sources (where
 * a block names its clip and brings no silences of its own), in block-relative milliseconds.
 */
export function withDetectedSilences(
  plan: Pick<RenderPlan, 'clips' | 'cues'>,
  sources: ReadonlyMap<string, CachedSource>,
): SubtitleSource[] {
  const clips = new Map(plan.clips.map((clip) => [clip.id, clip]));
  return plan.cues.map((cue) => {
    if (cue.silences || cue.clipId === undefined) return cue;
    const clip = clips.get(cue.clipId);
    const source = clip ? sources.get(renderedSourceKey(clip)) : undefined;
    if (!clip || !source) return cue;
    const offset = clip.sourceOffsetMs ?? 0;
    const silences: SilenceSpan[] = source.silences
      .map((span) => ({ startMs: span.startMs - offset, endMs: span.endMs - offset }))
      .filter((span) => span.endMs > 0 && span.startMs < cue.durationMs)
      .map((span) => ({ startMs: Math.max(0, span.startMs), endMs: Math.min(cue.durationMs, span.endMs) }));
    return { ...cue, silences };
  });
}

export interface StagedSubtitles {
  readonly files: StagedFile[];
}

/**
 * Writes the requested subtitle formats under temporary names; the caller publishes or discards them. No cue ends
 * after `audio.endMs`, the length of the audio file the subtitles go with.
 */
export function stageSubtitleFiles(
  sources: readonly SubtitleSource[],
  audio: { path: string; endMs: number },
  formats: { srt: boolean; vtt: boolean },
  settings: SubtitleSettings | undefined,
  tempPaths: { srt?: string | undefined; vtt?: string | undefined } = {},
): StagedFile[] {
  if (!formats.srt && !formats.vtt) return [];
  const cues = buildCues(sources, settings, audio.endMs);
  const paths = subtitlePathsFor(audio.path);
  const staged: StagedFile[] = [];
  try {
    if (formats.srt) staged.push(writeStaged(paths.srt, formatSrt(cues), tempPaths.srt));
    if (formats.vtt) staged.push(writeStaged(paths.vtt, formatVtt(cues), tempPaths.vtt));
  } catch (error) {
    for (const file of staged) file.discard();
    throw error;
  }
  return staged;
}

function writeStaged(finalPath: string, text: string, tempPath: string | undefined): StagedFile {
  const file = StagedFile.create(finalPath, tempPath);
  try {
    file.write(new TextEncoder().encode(text));
    file.seal();
  } catch (error) {
    file.discard();
    throw error;
  }
  return file;
}
