import { median } from '../audio/take-checks.js';
import { blockMemo } from './block-memo.js';
import type { PaceSample } from './block-memo.js';
import type { BlockDuration } from './duration-estimate.js';
import { estimateBlockMs } from './duration-estimate.js';
import type { Block, TextBlock } from './project-schema.js';
import { resolvedVoiceId } from './resolve-params.js';
import type { SendContext } from './send-context.js';

/** A voice's estimates are corrected once this many of its blocks have audio: one odd take must not move them. */
const MIN_SAMPLES = 3;
/** Corrections outside this range are not believed (a take of a different text, a wrong record). */
const MIN_FACTOR = 0.4;
const MAX_FACTOR = 2.5;

/**
 * How far the generic estimate is off for each voice in this project: per voice id, the median over its speech
 * blocks with audio of (real length ÷ estimated length); `durations` are the blocks' blockDuration, as the layout
 * found them. A narrator who reads faster than the generic 15
 * characters a second has every not-yet-generated block estimated long (issue 17: a 103-block book was
 * estimated at 40:18 and came out at 32:03); multiplying its estimates by this brings them to its real pace.
 */
export function learnedPaceFactors(
  blocks: readonly Block[],
  durations: readonly BlockDuration[],
  context: SendContext,
): ReadonlyMap<string, number> {
  const ratios = new Map<string, number[]>();
  // An index loop: the layout runs this over every block of a 10,000-block book whenever the views follow.
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    const real = durations[index];
    if (block.type !== 'text' || real === undefined) continue;
    if (real.source !== 'audio' || real.durationMs <= 0) continue;
    const sample = paceSample(block, real.durationMs, context);
    if (sample === null) continue;
    const list = ratios.get(sample.voiceId);
    if (list) list.push(sample.ratio);
    else ratios.set(sample.voiceId, [sample.ratio]);
  }
  const factors = new Map<string, number>();
  for (const [voiceId, values] of ratios) {
    if (values.length < MIN_SAMPLES) continue;
    const factor = median(values);
    if (factor >= MIN_FACTOR && factor <= MAX_FACTOR) factors.set(voiceId, factor);
  }
  return factors;
}

// Per block object (blocks are immutable, block-memo.ts), for its context and real length: most blocks are the
// same objects from one layout to the next.
function paceSample(block: TextBlock, durationMs: number, context: SendContext): PaceSample | null {
  const memo = blockMemo(block);
  const known = memo.pace;
  if (known !== undefined && known.context === context && known.durationMs === durationMs)
    return known.sample;
  const estimated = estimateBlockMs(block, context);
  const voiceId = estimated <= 0 ? null : resolvedVoiceId(block, context);
  const sample = voiceId === null ? null : { voiceId, ratio: durationMs / estimated };
  memo.pace = { context, durationMs, sample };
  return sample;
}

/** The estimate of a block without audio at its voice's learned pace (unchanged when none is learned). */
export function paceCorrected(
  block: Block,
  estimateMs: number,
  context: SendContext,
  factors: ReadonlyMap<string, number>,
): number {
  if (block.type !== 'text' || factors.size === 0) return estimateMs;
  const voiceId = resolvedVoiceId(block, context);
  const factor = voiceId === null ? undefined : factors.get(voiceId);
  return factor === undefined ? estimateMs : Math.round(estimateMs * factor);
}
