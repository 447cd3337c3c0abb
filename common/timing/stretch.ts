import type { Block } from '../project/project-schema.js';
import type { SpeechSlot } from '../project/speech-slots.js';
import type { PlacedItem } from '../project/timeline-layout.js';
import { MAX_STRETCH } from '../project/timing-schema.js';

/**
 * A bounded local time-stretch (issue 39): a timed line whose take overruns its slot may be sped up, keeping its
 * pitch, by at most MAX_STRETCH, when the user allowed it. The factor is a tempo: 1.1 plays the take in 1/1.1 of
 * its length.
 */

/** The largest tempo factor a take is ever stretched by. */
export const MAX_STRETCH_FACTOR = 1 + MAX_STRETCH;

/**
 * Factors are kept to steps of 1/10,000, rounded up (so the stretched take still ends inside its slot): one take
 * and one factor then name one rendered copy, whatever float noise the slot's arithmetic brought.
 */
const FACTOR_STEPS = 10_000;

/**
 * The tempo factor that makes a take of `takeMs` fit a slot of `slotMs`: 1 when it fits already, when stretching
 * is not allowed, or when there is no slot to fit (`slotMs` not a positive number); at most MAX_STRETCH_FACTOR
 * (a take that needs more is sped up by that much and still overruns: the fit check names it).
 */
export function stretchFactor(takeMs: number, slotMs: number | undefined, allowStretch: boolean): number {
  if (!allowStretch || slotMs === undefined || !(slotMs > 0) || !(takeMs > slotMs)) return 1;
  const needed = Math.ceil((takeMs / slotMs) * FACTOR_STEPS) / FACTOR_STEPS;
  return Math.min(MAX_STRETCH_FACTOR, needed);
}

/** How long a take of `takeMs` plays once stretched by `factor` (a tempo, ≥ 1). */
export function stretchedMs(takeMs: number, factor: number): number {
  return factor > 1 ? takeMs / factor : takeMs;
}

/**
 * The tempo factors of the timed speech lines stretched to fit their slots, by index in the speech track: those
 * whose take (real audio, not an estimate) overruns the slot and whose timing allows stretching. `items` are the
 * speech track's placed items, unstretched, in block order.
 */
export function slotStretches(
  blocks: readonly Block[],
  items: readonly PlacedItem[],
  slots: ReadonlyMap<string, SpeechSlot>,
): Map<number, number> {
  const factors = new Map<number, number>();
  items.forEach((item, index) => {
    const block = blocks[index];
    if (item.source !== 'audio' || block?.type !== 'text' || block.timing?.allowStretch !== true) return;
    const endMs = slots.get(item.blockId)?.endMs;
    if (endMs === undefined) return;
    const factor = stretchFactor(item.durationMs, endMs - item.startMs, true);
    if (factor > 1) factors.set(index, factor);
  });
  return factors;
}
