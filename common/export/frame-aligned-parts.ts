import { planForChapter, type ChapterSpan } from './chapter-split.js';
import { msToFrames, type RenderClip, type RenderPlan } from './render-plan.js';

/** Samples per MPEG-1 Layer III frame: parts start and end on this grid so their encoded frames can be joined. */
export const MP3_FRAME_SAMPLES = 1152;

/** One chapter of a frame-aligned plan: where it starts and how long it lasts, in sample frames of the plan. */
export interface AlignedPart {
  readonly index: number;
  /** A whole number of MP3 frames from the plan's start. */
  readonly startFrame: number;
  /** The chapter's length rounded up to a whole number of MP3 frames (the rest is silence). */
  readonly frames: number;
  /** The chapter's own length, before that padding. */
  readonly contentFrames: number;
}

export interface FrameAlignedPlan {
  readonly plan: RenderPlan;
  readonly parts: readonly AlignedPart[];
  /** The chapters on the aligned plan's timeline (for the ID3 chapter frames and the subtitles). */
  readonly spans: readonly ChapterSpan[];
}

/**
 * The plan with each chapter laid on its own whole number of MP3 frames: chapter k keeps its audio exactly (its
 * slice of the plan, as a chapter file has it) and is followed by under one frame (26 ms at 44.1 kHz) of silence,
 * so every chapter starts on the frame grid. That is what lets a chapter's encoded frames be kept when another
 * chapter changes length: the chapters after it move by whole frames, never by a fraction of one. A clip crossing a
 * chapter boundary (a music bed) is cut there as a chapter file cuts it, and resumes after the padding.
 */
export function frameAlignedPlan(plan: RenderPlan, spans: readonly ChapterSpan[]): FrameAlignedPlan {
  const rate = plan.sampleRate;
  const clips: RenderClip[] = [];
  const cues: RenderPlan['cues'][number][] = [];
  const parts: AlignedPart[] = [];
  const alignedSpans: ChapterSpan[] = [];
  const seen = new Set<string>();
  let startFrame = 0;
  spans.forEach((span, index) => {
    const chapter = planForChapter(plan, span);
    const contentFrames = msToFrames(chapter.durationMs, rate);
    const frames = Math.max(1, Math.ceil(contentFrames / MP3_FRAME_SAMPLES)) * MP3_FRAME_SAMPLES;
    const offsetMs = (startFrame * 1000) / rate;
    // A clip cut at a chapter boundary is in two chapters under one id; the second gets its own.
    const renamed = new Map<string, string>();
    for (const clip of chapter.clips) {
      const id = seen.has(clip.id) ? `${clip.id}#${index}` : clip.id;
      seen.add(id);
      if (id !== clip.id) renamed.set(clip.id, id);
      clips.push({ ...clip, id, startMs: clip.startMs + offsetMs });
    }
    for (const cue of chapter.cues) {
      const clipId = cue.clipId === undefined ? undefined : (renamed.get(cue.clipId) ?? cue.clipId);
      cues.push({ ...cue, startMs: cue.startMs + offsetMs, ...(clipId === undefined ? {} : { clipId }) });
    }
    parts.push({ index, startFrame, frames, contentFrames });
    alignedSpans.push({
      title: span.title,
      startMs: offsetMs,
      endMs: ((startFrame + frames) * 1000) / rate,
    });
    startFrame += frames;
  });
  return {
    plan: { ...plan, durationMs: (startFrame * 1000) / rate, clips, cues },
    parts,
    spans: alignedSpans,
  };
}
