import { estimateSpeechMs } from '../project/duration-estimate.js';
import { learnedPaceFactors, paceCorrected } from '../project/learned-pace.js';
import type { Project, TextBlock } from '../project/project-schema.js';
import { resolvedSpeechRate, resolvedVoiceId, sentText } from '../project/resolve-params.js';
import type { SendContext } from '../project/send-context.js';
import type { PlacedItem, TimelineLayout } from '../project/timeline-layout.js';
import { RANGES } from '../rules/vocabulary.js';
import { learnFitPaces, ownTakeEstimateMs, pacedEstimateMs } from './fit-pace.js';
import { MAX_STRETCH_FACTOR } from './stretch.js';

/**
 * What the fit check proposes for a line, in the order a dubbing editor reaches for them (README.md):
 * - `fits`: it ends inside its slot, or an accepted remedy already covers it;
 * - `run-on`: its overrun fits in the free time after its slot (first for a dynamic line; for a fixed line only
 *   when neither a natural rate nor a stretch makes it fit, before a rewrite);
 * - `rate`: send a faster `speechRate` (before generation, or a faster take), inside the natural band;
 * - `stretch`: speed the take up locally, keeping its pitch, by at most MAX_STRETCH;
 * - `rewrite`: nothing natural makes it fit: the line needs fewer words.
 */
export const FIT_SUGGESTIONS = ['fits', 'run-on', 'rate', 'stretch', 'rewrite'] as const;
export type FitSuggestion = (typeof FIT_SUGGESTIONS)[number];

/**
 * The speech rates the fit check proposes: speech stays natural between these (README.md says why). The app may
 * send 0.5–2 (RANGES.speechRate), and `rateInRange` says whether a needed rate is sendable at all.
 */
export const NATURAL_RATE = { min: 0.8, max: 1.25 } as const;

/** A remedy the user already accepted that makes the overrun acceptable. */
export type FitCover = 'run-on' | 'stretch';

export interface FitLine {
  blockId: string;
  /**
   * Its take's real length (before any stretch) once it has current audio; else its own earlier take of the same
   * text at another rate, scaled by the rate; else the estimate (text as sent, voice's learned pace).
   */
  estimatedMs: number;
  source: 'audio' | 'estimate';
  startMs: number;
  /** The time it may use (undefined: its slot is open-ended: no cue end, no later line, no video). */
  slotMs: number | undefined;
  /** How far it runs past its slot (0 when it fits). */
  overrunMs: number;
  /** The free time after its slot, up to the next block in its lane (undefined: open-ended). */
  freeAfterMs: number | undefined;
  /** The speech rate it is sent with now. */
  rate: number;
  /** The speech rate that makes it end inside its slot, rounded up to 0.01 (undefined when it fits). */
  neededRate: number | undefined;
  /** Whether `neededRate` is one the app may send (RANGES.speechRate, 0.5–2). */
  rateInRange: boolean;
  suggestion: FitSuggestion;
  /** The accepted remedy that covers its overrun, when one does. */
  coveredBy: FitCover | undefined;
  /** It overruns, no accepted remedy covers it, and it is not marked to be rewritten: the user must decide. */
  needsDecision: boolean;
}

/**
 * The fit of every timed text block, in block order: how long it will be, its slot, by how much it overruns and
 * what would make it fit. Estimates use the text as sent (pronunciation rules applied: "SQL" sent as "sequel" is
 * longer) at the voice's pace as learned from the project's takes; a line with current audio uses its take.
 */
export function fitCheck(project: Project, context: SendContext, layout: TimelineLayout): FitLine[] {
  const blocks = project.tracks.speech.blocks;
  if (layout.slots.size === 0) return [];
  // Lengths as generated: the layout plays a stretched take shorter, but the fit is judged on the take itself.
  const taken = layout.speech.map((item) => ({ source: item.source, durationMs: takeMs(item) }));
  const paces = learnedPaceFactors(blocks, taken, context);
  const fitPaces = learnFitPaces(blocks, (index) => taken[index]?.source === 'audio', context);
  const lines: FitLine[] = [];
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    const item = taken[index];
    const slot = layout.slots.get(block.id);
    if (block.type !== 'text' || block.timing === undefined || item === undefined || slot === undefined)
      continue;
    const rate = resolvedSpeechRate(block, context);
    const voiceId = resolvedVoiceId(block, context);
    const pace = voiceId === null ? undefined : fitPaces.get(voiceId);
    const estimatedMs =
      item.source === 'audio'
        ? item.durationMs
        : (ownTakeEstimateMs(block, context) ??
          (pace !== undefined
            ? pacedEstimateMs(block, context, pace)
            : paceCorrected(block, estimateSpeechMs(sentText(block, context), rate), context, paces)));
    lines.push(
      fitLine(block, {
        estimatedMs,
        source: item.source,
        startMs: block.timing.startMs,
        slotEndMs: slot.endMs,
        limitMs: slot.limitMs,
        rate,
      }),
    );
  }
  return lines;
}

function takeMs(item: PlacedItem): number {
  return item.stretch === undefined ? item.durationMs : Math.round(item.durationMs * item.stretch);
}

interface Measured {
  estimatedMs: number;
  source: 'audio' | 'estimate';
  startMs: number;
  slotEndMs: number | undefined;
  limitMs: number | undefined;
  rate: number;
}

/** The fit of one timed line from its length and slot. */
function fitLine(block: TextBlock, measured: Measured): FitLine {
  const { estimatedMs, source, startMs, slotEndMs, limitMs, rate } = measured;
  const slotMs = slotEndMs === undefined ? undefined : Math.max(0, slotEndMs - startMs);
  const freeAfterMs =
    limitMs === undefined || slotEndMs === undefined ? undefined : Math.max(0, limitMs - slotEndMs);
  const overrunMs = slotMs === undefined ? 0 : Math.max(0, estimatedMs - slotMs);
  const base = { blockId: block.id, estimatedMs, source, startMs, slotMs, overrunMs, freeAfterMs, rate };
  if (overrunMs === 0) {
    return {
      ...base,
      neededRate: undefined,
      rateInRange: true,
      suggestion: 'fits',
      coveredBy: undefined,
      needsDecision: false,
    };
  }
  const neededRate =
    slotMs === undefined || slotMs <= 0 ? Infinity : ceilHundredth((rate * estimatedMs) / slotMs);
  const rateInRange = neededRate >= RANGES.speechRate.min && neededRate <= RANGES.speechRate.max;
  const timing = block.timing;
  const dynamic = timing?.fit === 'dynamic';
  const roomAfter = freeAfterMs === undefined || overrunMs <= freeAfterMs;
  const runsOnFreely = dynamic && roomAfter;
  const stretchable = slotMs !== undefined && withinStretch(estimatedMs, slotMs);
  const coveredBy: FitCover | undefined = runsOnFreely
    ? 'run-on'
    : timing?.allowStretch === true && stretchable
      ? 'stretch'
      : undefined;
  return {
    ...base,
    neededRate,
    rateInRange,
    suggestion: suggestionFor({
      runsOnFreely,
      roomAfter,
      stretchable,
      neededRate,
      hasAudio: source === 'audio',
    }),
    coveredBy,
    needsDecision: coveredBy === undefined && timing?.rewrite !== true,
  };
}

/** Whether a take of `lengthMs` fits `slotMs` once sped up by at most MAX_STRETCH (keeping its pitch). */
export function withinStretch(lengthMs: number, slotMs: number): boolean {
  return lengthMs <= slotMs * MAX_STRETCH_FACTOR;
}

function suggestionFor(line: {
  runsOnFreely: boolean;
  roomAfter: boolean;
  stretchable: boolean;
  neededRate: number;
  hasAudio: boolean;
}): FitSuggestion {
  if (line.runsOnFreely) return 'run-on';
  const natural = line.neededRate <= NATURAL_RATE.max;
  // A take already paid for: a local stretch costs nothing, a faster take costs its credits again.
  if (line.hasAudio && line.stretchable) return 'stretch';
  if (natural) return 'rate';
  // Not generated yet: the engine speaking faster sounds better than a stretch, and costs nothing more.
  if (!line.hasAudio && line.stretchable) return 'stretch';
  // A fixed line (an import's default, not necessarily the editor's choice) may still run on into free time:
  // a rewrite is the costliest remedy (a person has to do it), so it comes last.
  return line.roomAfter ? 'run-on' : 'rewrite';
}

function ceilHundredth(value: number): number {
  return Math.ceil(Math.round(value * 10_000) / 100) / 100;
}

/** The lines that overrun their slot, whether or not a remedy covers them (what the fit check lists). */
export function overrunningLines(lines: readonly FitLine[]): FitLine[] {
  return lines.filter((line) => line.overrunMs > 0);
}
