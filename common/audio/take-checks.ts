import { RANGES } from '../rules/vocabulary.js';
import type { TakeMeasures } from './take-measures.js';

/**
 * Local checks of a generated take: what a narrator listens for (dropped or repeated words, long gaps, clipping,
 * dead air at the ends, one line much louder or quieter than the rest), flagged from the take's measures. Pure:
 * the thresholds are the user's settings; the defaults are justified in common/audio/README.md.
 */
export interface CheckThresholds {
  /** Speech this much shorter or longer than expected for its characters is flagged (0.3: ±30 %). */
  durationTolerance: number;
  /** A silence between words longer than this. */
  longPauseMs: number;
  /** Silence before the first or after the last sound longer than this. */
  edgeSilenceMs: number;
  /** Loudness this far from the project's median take. */
  loudnessToleranceDb: number;
  /** Clipped samples beyond this count. */
  clippedSamples: number;
}

export const DEFAULT_CHECK_THRESHOLDS: CheckThresholds = {
  durationTolerance: 0.3,
  longPauseMs: 2_000,
  edgeSilenceMs: 1_000,
  loudnessToleranceDb: 6,
  clippedSamples: 0,
};

/** Every kind of flag, in the order the checks report them; a take keeps the kinds the user accepted. */
export const TAKE_FLAG_KINDS = [
  'duration',
  'long-pause',
  'leading-silence',
  'trailing-silence',
  'clipping',
  'loudness',
  'overrun',
] as const;

export type TakeFlagKind = (typeof TAKE_FLAG_KINDS)[number];

export type TakeFlag =
  | { kind: 'duration'; actualMs: number; expectedMs: number }
  | { kind: 'long-pause'; pauseMs: number; atMs: number }
  | { kind: 'leading-silence'; silenceMs: number }
  | { kind: 'trailing-silence'; silenceMs: number }
  | { kind: 'clipping'; samples: number }
  | { kind: 'loudness'; rmsDb: number; medianDb: number }
  /** A fixed timed line whose take ends past its slot (common/timing): `neededRate` would make a take fit. */
  | { kind: 'overrun'; overrunMs: number; slotMs: number; neededRate: number; stretchable: boolean };

// The list above and the union must name the same kinds: a kind missing from either fails to compile here.
type SameKinds<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _kindsListed: SameKinds<TakeFlag['kind'], TakeFlagKind> = true;

/** One take as the checks see it: its measures, how long it is, and what it was made from. */
export interface CheckedTake {
  measures: TakeMeasures;
  durationMs: number;
  characters: number;
  /** Voice and language: the pace is learned per voice and language. */
  voiceKey: string;
  speechRate: number;
}

/** A voice's pace needs this many takes before a duration can be called odd. */
const PACE_MIN_TAKES = 3;

/**
 * Speech shorter than this (a chapter number, "Yes.") is not read at a pace per character: one word takes
 * 0.26–0.48 s whatever its letters (espeak-ng, common/audio/README.md), so such takes teach no pace.
 */
const SHORT_SPEECH_MS = 1_000;

/**
 * A length is odd only when it is this far from the expected one as well as past the tolerance: ordinary short
 * lines were up to 0.30 s off their per-character expectation, a line said twice 0.81 s or more over it.
 */
const DURATION_FLOOR_MS = 500;

/** Speech time of a take: what lies between its first and last sound. */
function speechMs(take: CheckedTake): number {
  return Math.max(0, take.durationMs - take.measures.leadingSilenceMs - take.measures.trailingSilenceMs);
}

/**
 * The loudness of the take's speech: its RMS over the whole file, less the silence at its ends (silent windows
 * hold next to no energy). Over the whole file, the fixed silence a service puts around a segment made a one-word
 * take read several dB quieter than the narration around it; a silence inside the speech still counts.
 */
export function speechLevelDb(take: CheckedTake): number {
  const speech = speechMs(take);
  if (speech <= 0 || take.durationMs <= speech) return take.measures.rmsDb;
  return take.measures.rmsDb + 10 * Math.log10(take.durationMs / speech);
}

/**
 * Milliseconds of speech per character at speech rate 1, per voice: the median of the project's own takes,
 * so one odd take does not move it. Takes under SHORT_SPEECH_MS are left out, and voices with fewer than
 * PACE_MIN_TAKES takes.
 */
export function learnPace(takes: readonly CheckedTake[]): Map<string, number> {
  const byVoice = new Map<string, number[]>();
  for (const take of takes) {
    if (take.characters <= 0 || take.speechRate <= 0) continue;
    const speech = speechMs(take);
    if (speech < SHORT_SPEECH_MS) continue;
    const pace = (speech * take.speechRate) / take.characters;
    const values = byVoice.get(take.voiceKey);
    if (values) values.push(pace);
    else byVoice.set(take.voiceKey, [pace]);
  }
  const paces = new Map<string, number>();
  for (const [voice, values] of byVoice) {
    if (values.length >= PACE_MIN_TAKES) paces.set(voice, median(values));
  }
  return paces;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** What the checks flag on one take, given the project's learned paces and the median of speechLevelDb. */
export function takeFlags(
  take: CheckedTake,
  context: {
    paces: ReadonlyMap<string, number>;
    medianRmsDb: number | undefined;
    thresholds: CheckThresholds;
  },
): TakeFlag[] {
  const { measures } = take;
  const { thresholds } = context;
  const flags: TakeFlag[] = [];
  const pace = context.paces.get(take.voiceKey);
  if (pace !== undefined && take.characters > 0 && take.speechRate > 0) {
    const expectedMs = (pace * take.characters) / take.speechRate;
    const actualMs = speechMs(take);
    const off = Math.abs(actualMs - expectedMs);
    if (off > expectedMs * thresholds.durationTolerance && off > DURATION_FLOOR_MS) {
      flags.push({ kind: 'duration', actualMs, expectedMs: Math.round(expectedMs) });
    }
  }
  if (measures.longestPauseMs > thresholds.longPauseMs) {
    flags.push({ kind: 'long-pause', pauseMs: measures.longestPauseMs, atMs: measures.longestPauseAtMs });
  }
  if (measures.leadingSilenceMs > thresholds.edgeSilenceMs) {
    flags.push({ kind: 'leading-silence', silenceMs: measures.leadingSilenceMs });
  }
  if (measures.trailingSilenceMs > thresholds.edgeSilenceMs) {
    flags.push({ kind: 'trailing-silence', silenceMs: measures.trailingSilenceMs });
  }
  if (measures.clippedSamples > thresholds.clippedSamples) {
    flags.push({ kind: 'clipping', samples: measures.clippedSamples });
  }
  const medianDb = context.medianRmsDb;
  const levelDb = speechLevelDb(take);
  if (medianDb !== undefined && Math.abs(levelDb - medianDb) > thresholds.loudnessToleranceDb) {
    flags.push({ kind: 'loudness', rmsDb: Math.round(levelDb * 10) / 10, medianDb });
  }
  return flags;
}

function seconds(ms: number): string {
  // Under a second, hundredths: "0.15 s" past a 0.1 s threshold should not read as "0.1 s".
  return `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`;
}

/** The flag in plain words, with what to do about it. */
export function describeFlag(flag: TakeFlag): string {
  switch (flag.kind) {
    case 'duration': {
      const longer = flag.actualMs > flag.expectedMs;
      const percent = Math.round((Math.abs(flag.actualMs - flag.expectedMs) / flag.expectedMs) * 100);
      return `${seconds(flag.actualMs)} of speech where this voice needs about ${seconds(flag.expectedMs)} for this text (${percent} % ${longer ? 'longer' : 'shorter'}): words may be ${longer ? 'repeated' : 'missing'}. Listen, and take it again if so.`;
    }
    case 'long-pause':
      return `A silence of ${seconds(flag.pauseMs)} at ${seconds(flag.atMs)} in the take.`;
    case 'leading-silence':
      return `${seconds(flag.silenceMs)} of silence before the speech starts.`;
    case 'trailing-silence':
      return `${seconds(flag.silenceMs)} of silence after the speech ends.`;
    case 'clipping':
      return `${flag.samples} sample${flag.samples === 1 ? '' : 's'} at full scale: the audio may be distorted.`;
    case 'loudness': {
      const difference = flag.rmsDb - flag.medianDb;
      return `${Math.abs(difference).toFixed(1)} dB ${difference > 0 ? 'louder' : 'quieter'} than the project’s typical take.`;
    }
    case 'overrun': {
      const rate = Number.isFinite(flag.neededRate) ? flag.neededRate.toFixed(2) : 'beyond any';
      const { min, max } = RANGES.speechRate;
      // A rate the app cannot send is no next step: only a shorter text fits then.
      const sendable = flag.neededRate >= min && flag.neededRate <= max;
      const next = flag.stretchable
        ? `allow a stretch, or take it again at speech rate ${rate}`
        : sendable
          ? `take it again at speech rate ${rate}, or rewrite it shorter`
          : `rewrite it shorter (it would need speech rate ${rate}, past the ${min} to ${max} the app sends)`;
      return `Runs ${seconds(flag.overrunMs)} past its ${seconds(flag.slotMs)} slot: ${next}.`;
    }
    default: {
      const exhaustive: never = flag;
      return exhaustive;
    }
  }
}
