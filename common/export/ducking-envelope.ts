import { dbToGain } from './gain-envelope.js';
import { msToFrames, type DuckingSettings } from './render-plan.js';

/** A stretch of speech on the timeline, in frames [startFrame, endFrame). */
export interface FrameSpan {
  readonly startFrame: number;
  readonly endFrame: number;
}

/** Sorted, merged speech spans: the ducking envelope is driven by where speech clips sit, not by their level. */
export function mergeSpans(spans: readonly FrameSpan[]): FrameSpan[] {
  const sorted = [...spans]
    .filter((span) => span.endFrame > span.startFrame)
    .sort((a, b) => a.startFrame - b.startFrame);
  const merged: FrameSpan[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.startFrame <= last.endFrame) {
      merged[merged.length - 1] = {
        startFrame: last.startFrame,
        endFrame: Math.max(last.endFrame, span.endFrame),
      };
    } else {
      merged.push(span);
    }
  }
  return merged;
}

/**
 * The music gain under speech for timeline frames [fromFrame, fromFrame + out.length).
 * Each speech span ducks the music fully while it plays, ramping down (linearly in dB) over the attack
 * before it starts and back up over the release after it ends; where ramps of neighbouring spans meet,
 * the deeper duck wins, so short gaps between sentences do not make the music pump.
 * Pure and chunkable: any window gives the same values as the whole timeline would.
 */
export function fillDuckingGain(
  spans: readonly FrameSpan[],
  settings: DuckingSettings,
  sampleRate: number,
  fromFrame: number,
  out: Float32Array,
): void {
  out.fill(1);
  if (!settings.enabled || settings.reductionDb <= 0) return;
  const attack = msToFrames(settings.attackMs, sampleRate);
  const release = msToFrames(settings.releaseMs, sampleRate);
  const toFrame = fromFrame + out.length;
  const full = dbToGain(-settings.reductionDb);
  for (const span of spansNear(spans, fromFrame - release, toFrame + attack)) {
    // Ramp down before the span: depth rises from 1/(attack+1) to attack/(attack+1).
    lowerTo(
      out,
      fromFrame,
      span.startFrame - attack,
      span.startFrame,
      settings.reductionDb,
      (frame) => 1 - (span.startFrame - frame) / (attack + 1),
    );
    // Fully ducked while the span plays: nothing can be lower, so a plain fill is the minimum.
    const first = Math.max(fromFrame, span.startFrame);
    const last = Math.min(toFrame, span.endFrame);
    if (last > first) out.fill(full, first - fromFrame, last - fromFrame);
    // Ramp back up after it.
    lowerTo(
      out,
      fromFrame,
      span.endFrame,
      span.endFrame + release,
      settings.reductionDb,
      (frame) => 1 - (frame - span.endFrame + 1) / (release + 1),
    );
  }
}

/**
 * Over timeline frames [from, to) ∩ the window, lowers the gain to the ducking `depth(frame)` gives
 * (0…1, linear in the frame, so the gain is geometric: one power for the first frame, then a product).
 */
function lowerTo(
  out: Float32Array,
  windowStart: number,
  from: number,
  to: number,
  reductionDb: number,
  depth: (frame: number) => number,
): void {
  const first = Math.max(windowStart, from);
  const last = Math.min(windowStart + out.length, to);
  if (last <= first) return;
  let gain = dbToGain(-reductionDb * depth(first));
  const ratio = dbToGain(-reductionDb * (depth(first + 1) - depth(first)));
  for (let frame = first; frame < last; frame += 1) {
    const index = frame - windowStart;
    if (gain < out[index]!) out[index] = gain;
    gain *= ratio;
  }
}

/** The spans that can touch [from, to), found by binary search in the sorted list. */
function spansNear(spans: readonly FrameSpan[], from: number, to: number): readonly FrameSpan[] {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((spans[middle]?.endFrame ?? 0) <= from) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < spans.length && (spans[end]?.startFrame ?? 0) < to) end += 1;
  return spans.slice(low, end);
}
