import { msToFrames, type RenderClip } from './render-plan.js';

/** dB to a linear amplitude factor. */
export function dbToGain(db: number): number {
  return 10 ** (db / 20);
}

/** Linear amplitude factor to dB (−Infinity for silence). */
export function gainToDb(gain: number): number {
  return 20 * Math.log10(gain);
}

/** A clip's length and fades in frames at one sample rate. */
export interface ClipFrames {
  readonly totalFrames: number;
  readonly fadeInFrames: number;
  readonly fadeOutFrames: number;
  readonly gain: number;
}

export function clipFrames(
  clip: Pick<RenderClip, 'durationMs' | 'fadeInMs' | 'fadeOutMs' | 'gainDb'>,
  sampleRate: number,
): ClipFrames {
  const totalFrames = msToFrames(clip.durationMs, sampleRate);
  return {
    totalFrames,
    fadeInFrames: Math.min(totalFrames, msToFrames(clip.fadeInMs, sampleRate)),
    fadeOutFrames: Math.min(totalFrames, msToFrames(clip.fadeOutMs, sampleRate)),
    gain: dbToGain(clip.gainDb),
  };
}

/**
 * Fills `out` with the clip's gain for clip-relative frames [fromFrame, fromFrame + out.length):
 * its volume times a linear fade in from the first frame and a linear fade out to the last
 * (the same curve as ffmpeg's afade, so exports can be checked against it). Frames outside the clip get 0.
 */
export function fillClipGain(frames: ClipFrames, fromFrame: number, out: Float32Array): void {
  const { totalFrames, fadeInFrames, fadeOutFrames, gain } = frames;
  const fadeOutStart = totalFrames - fadeOutFrames;
  const toFrame = fromFrame + out.length;
  // Outside the clip: silence. Between the fades: the clip's volume. Only fade frames need arithmetic.
  out.fill(0);
  const first = Math.max(0, fromFrame);
  const last = Math.min(totalFrames, toFrame);
  if (last <= first) return;
  out.fill(gain, first - fromFrame, last - fromFrame);
  for (let frame = first; frame < Math.min(last, fadeInFrames); frame += 1) {
    out[frame - fromFrame] = gain * (frame / fadeInFrames);
  }
  for (let frame = Math.max(first, fadeOutStart); frame < last; frame += 1) {
    out[frame - fromFrame] = out[frame - fromFrame]! * ((totalFrames - frame) / fadeOutFrames);
  }
}

/** Whether clip-relative frames [fromFrame, fromFrame + count) are all inside the clip at full volume (no fade). */
export function isSteady(frames: ClipFrames, fromFrame: number, count: number): boolean {
  return fromFrame >= frames.fadeInFrames && fromFrame + count <= frames.totalFrames - frames.fadeOutFrames;
}
