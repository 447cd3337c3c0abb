import type { Block, Project, TrackName } from '../project/index.js';
import type { SendContext } from '../project/send-context.js';
import { VOLUME_DB_MIN, blockState, excerpt, layoutTimeline, playableAudio } from '../project/index.js';
import type { PlacedItem } from '../project/index.js';
import { chapterMarks } from '../project/chapters.js';
import type { DuckingSettings, RenderClip, RenderPlan } from './render-plan.js';
import type { SubtitleSource } from '../subtitles/subtitle-types.js';
import { stretchedMs } from '../timing/stretch.js';

/** A block the export cannot use yet, and why: the UI offers to generate exactly these first. */
export interface MissingAudio {
  blockId: string;
  track: TrackName;
  reason: 'not-generated' | 'stale' | 'failed';
  /** A few words of the block, to name it in messages. */
  label: string;
}

export interface ProjectPlanOptions {
  sampleRate: number;
  channels: 1 | 2;
  ducking?: DuckingSettings | undefined;
}

export type ProjectPlanResult =
  | { ok: true; plan: RenderPlan; speechBlocks: number; chapters: { title: string; startMs: number }[] }
  | { ok: false; missing: MissingAudio[] }
  | { ok: false; empty: true };

const MIN_CLIP_GAIN_DB = -96;
const MAX_CLIP_GAIN_DB = 24;

/**
 * The export plan of a project: every block placed where the timeline puts it (speech in order with its pauses,
 * effects and music at their start times), with its generated audio as the source (keyed by the audio's cache
 * key), its volume, and music fades. Subtitle sources come from the same placement, so the SRT follows the audio.
 * Pure: the caller maps cache keys to files. Blocks without current audio are reported all at once, never
 * silently skipped; a block at the minimum volume is silent and gets no clip (its time still counts).
 */
export function buildProjectRenderPlan(
  project: Project,
  context: SendContext,
  options: ProjectPlanOptions,
): ProjectPlanResult {
  const layout = layoutTimeline(project, context);
  const missing: MissingAudio[] = [];
  const clips: RenderClip[] = [];
  const cues: SubtitleSource[] = [];
  const byId = new Map<string, Block>();
  for (const track of ['speech', 'effects', 'music'] as const) {
    for (const block of project.tracks[track].blocks) byId.set(block.id, block);
  }

  const place = (item: PlacedItem): void => {
    const block = byId.get(item.blockId);
    if (!block) return;
    const state = blockState(block, context);
    const audio = playableAudio(block, context);
    if (state !== 'generated' || audio === undefined) {
      missing.push({
        blockId: block.id,
        track: item.track,
        reason: state === 'generated' ? 'not-generated' : state,
        label: labelOf(block),
      });
      return;
    }
    if (audio.durationMs <= 0) return;
    const silent = block.volumeDb <= VOLUME_DB_MIN;
    const fades =
      block.type === 'music'
        ? fitFades(block.fadeInMs, block.fadeOutMs, audio.durationMs)
        : { fadeInMs: 0, fadeOutMs: 0 };
    // A timed line stretched to fit its slot plays (and is subtitled) at the length the layout gave it.
    const durationMs =
      item.stretch === undefined ? audio.durationMs : stretchedMs(audio.durationMs, item.stretch);
    if (!silent) {
      clips.push({
        id: block.id,
        track: item.track,
        sourceKey: audio.cacheKey,
        startMs: item.startMs,
        durationMs,
        gainDb: Math.min(MAX_CLIP_GAIN_DB, Math.max(MIN_CLIP_GAIN_DB, block.volumeDb)),
        ...fades,
        ...(item.stretch === undefined ? {} : { stretch: item.stretch }),
      });
    }
    if (block.type === 'text' && block.text.trim() !== '') {
      cues.push({
        blockId: block.id,
        text: block.text,
        startMs: item.startMs,
        durationMs,
        lane: item.lane,
        ...(silent ? {} : { clipId: block.id }),
      });
    }
  };
  for (const item of [...layout.speech, ...layout.effects, ...layout.music]) place(item);

  if (missing.length > 0) return { ok: false, missing };
  if (layout.totalMs <= 0) return { ok: false, empty: true };
  return {
    ok: true,
    speechBlocks: layout.speech.length,
    chapters: chapterMarks(project, layout).map(({ title, startMs }) => ({ title, startMs })),
    plan: {
      sampleRate: options.sampleRate,
      channels: options.channels,
      durationMs: layout.totalMs,
      clips,
      cues,
      ...(options.ducking ? { ducking: options.ducking } : {}),
    },
  };
}

/** Fades longer than the clip (a short generated bed) are shortened in proportion, as an editor would. */
function fitFades(fadeInMs: number, fadeOutMs: number, durationMs: number) {
  const total = fadeInMs + fadeOutMs;
  if (total <= durationMs) return { fadeInMs, fadeOutMs };
  const scale = durationMs / total;
  return { fadeInMs: Math.floor(fadeInMs * scale), fadeOutMs: Math.floor(fadeOutMs * scale) };
}

function labelOf(block: Block): string {
  switch (block.type) {
    case 'text':
    case 'sfx':
    case 'music':
      return excerpt(block.text);
    case 'audio':
    case 'scene':
    case 'custom_audio':
    case 'stem_separation':
      return `${block.type} block`;
    default: {
      const exhaustive: never = block;
      return String(exhaustive);
    }
  }
}
