import { createHash } from 'node:crypto';
import { MP3_FRAME_SAMPLES, type AlignedPart } from '../../../../common/export/frame-aligned-parts.js';
import {
  defaultDuckingSettings,
  msToFrames,
  type RenderPlan,
} from '../../../../common/export/render-plan.js';
import { canonicalJson } from '../../../../common/project/canonical-json.js';

/**
 * Raised whenever a part would get other bytes for the same inputs (the renderer, limiter, join window or layout
 * changed). The app's version and the encoder's id are hashed too.
 */
const PART_KEY_VERSION = 1;

/**
 * Sample frames before a part's start that decide its output: the encoder's warm-up and join window
 * (`PART_LEAD_FRAMES`), and the second before them over which the limiter settles (output-render.ts).
 */
export const PART_LEAD_MP3_FRAMES = 36;

/** What, besides the plan, decides a part's bytes: the same object for every part of one export. */
export interface PartContext {
  /** The encoder and its settings ('mp3-lame-3.100/128k', 'aac-…'): another encoder, other bytes. */
  readonly encoderId: string;
  readonly appVersion: string | undefined;
  /** The gain and processing applied after the mix (quantised gain in dB, ceiling, room tone…), or undefined to
   *  key the mix alone (its loudness measurement). */
  readonly processing: unknown;
  /** A part's absolute place matters only when something is laid by timeline frame (the room tone bed). */
  readonly byTimelineFrame: boolean;
}

/** Timeline frames [from, to) whose clips decide part `part`'s bytes: its lead, itself, and the ducking around. */
function partWindow(plan: RenderPlan, part: AlignedPart): { from: number; to: number } {
  const ducking = plan.ducking ?? defaultDuckingSettings;
  const lead = part.startFrame === 0 ? 0 : PART_LEAD_MP3_FRAMES * MP3_FRAME_SAMPLES + plan.sampleRate;
  return {
    from: Math.max(0, part.startFrame - lead - msToFrames(ducking.releaseMs, plan.sampleRate)),
    to: part.startFrame + part.frames + msToFrames(ducking.attackMs, plan.sampleRate),
  };
}

/**
 * SHA-256 of everything that decides part `part`'s output: the clips overlapping its window (partWindow) with their
 * places counted in frames from the part's start, never their ids; the plan's rate, channels and ducking; the
 * part's length and padding, whether it is the first (it has no lead); and the context (encoder, processing).
 * Equal keys mean the same samples in and the same bytes out, wherever the part now sits in the book.
 */
export function partKey(plan: RenderPlan, part: AlignedPart, context: PartContext): string {
  const window = partWindow(plan, part);
  const rate = plan.sampleRate;
  const clips = plan.clips
    .filter((clip) => {
      const start = msToFrames(clip.startMs, rate);
      return start < window.to && start + msToFrames(clip.durationMs, rate) > window.from;
    })
    .map(({ id: _id, startMs, ...clip }) => ({
      ...clip,
      atFrame: msToFrames(startMs, rate) - part.startFrame,
    }));
  const described = canonicalJson({
    version: PART_KEY_VERSION,
    appVersion: context.appVersion,
    encoder: context.encoderId,
    processing: context.processing,
    sampleRate: rate,
    channels: plan.channels,
    ducking: plan.ducking,
    first: part.startFrame === 0,
    frames: part.frames,
    contentFrames: part.contentFrames,
    windowFrom: window.from - part.startFrame,
    windowTo: window.to - part.startFrame,
    startFrame: context.byTimelineFrame ? part.startFrame : undefined,
    clips,
  });
  return createHash('sha256').update(described).digest('hex');
}
