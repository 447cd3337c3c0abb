import type { BreakStrength } from './text-segmentation.js';

/** A punctuation mark where the speaker may pause, placed by how much text comes before it (0..1). */
export interface PauseCandidate {
  readonly fraction: number;
  readonly strength: BreakStrength;
}

/** A silence in the audio, placed by how much speech comes before it (0..1), with its length. */
export interface DetectedPause {
  readonly fraction: number;
  readonly durationMs: number;
}

/** One punctuation mark matched to one silence, by index into the two input lists. */
export interface PauseMatch {
  readonly candidate: number;
  readonly pause: number;
}

// Costs of the alignment. Text fractions and speech fractions agree to within a few per cent when the
// speaker keeps an even pace; a silence the text cannot explain (a stop consonant, a breath) is cheap
// when short and costly when long, and a sentence end without a pause is unlikely, a comma without one less so.
const MISPLACEMENT_COST = 3;
const UNEXPLAINED_SILENCE_BASE = 0.02;
const UNEXPLAINED_SILENCE_PER_SECOND = 1.0;
const UNEXPLAINED_SILENCE_MAX = 0.45;
const SKIPPED_SENTENCE_END = 0.25;
const SKIPPED_CLAUSE_MARK = 0.08;
// A sentence end normally gets the longer pauses, a comma the shorter ones.
const SHORT_PAUSE_FOR_SENTENCE_MS = 150;
const SHORT_PAUSE_PENALTY = 0.08;

/**
 * Aligns punctuation to silences in order (dynamic programming, like aligning two sequences):
 * every silence and every mark is either matched once or left out, matches never cross, and the
 * total cost of misplacement and of what is left out is the lowest possible.
 */
export function alignPauses(
  candidates: readonly PauseCandidate[],
  pauses: readonly DetectedPause[],
): PauseMatch[] {
  const rows = candidates.length + 1;
  const cols = pauses.length + 1;
  const cost = new Float64Array(rows * cols).fill(Number.POSITIVE_INFINITY);
  const move = new Uint8Array(rows * cols); // 1 = skip candidate, 2 = skip pause, 3 = match
  cost[0] = 0;
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < cols; j += 1) {
      const here = cost[i * cols + j] ?? Number.POSITIVE_INFINITY;
      if (!Number.isFinite(here)) continue;
      const candidate = candidates[i];
      const pause = pauses[j];
      if (candidate) relax(cost, move, (i + 1) * cols + j, here + skipCandidateCost(candidate), 1);
      if (pause) relax(cost, move, i * cols + j + 1, here + unexplainedSilenceCost(pause), 2);
      if (candidate && pause)
        relax(cost, move, (i + 1) * cols + j + 1, here + matchCost(candidate, pause), 3);
    }
  }
  return traceBack(move, rows, cols);
}

function relax(cost: Float64Array, move: Uint8Array, index: number, value: number, step: number): void {
  if (value < (cost[index] ?? Number.POSITIVE_INFINITY)) {
    cost[index] = value;
    move[index] = step;
  }
}

function traceBack(move: Uint8Array, rows: number, cols: number): PauseMatch[] {
  const matches: PauseMatch[] = [];
  let i = rows - 1;
  let j = cols - 1;
  while (i > 0 || j > 0) {
    const step = move[i * cols + j];
    if (step === 3) {
      matches.push({ candidate: i - 1, pause: j - 1 });
      i -= 1;
      j -= 1;
    } else if (step === 1) {
      i -= 1;
    } else {
      j -= 1;
    }
  }
  return matches.reverse();
}

function skipCandidateCost(candidate: PauseCandidate): number {
  return candidate.strength === 'sentence' ? SKIPPED_SENTENCE_END : SKIPPED_CLAUSE_MARK;
}

function unexplainedSilenceCost(pause: DetectedPause): number {
  const lengthCost = (pause.durationMs / 1000) * UNEXPLAINED_SILENCE_PER_SECOND;
  return UNEXPLAINED_SILENCE_BASE + Math.min(UNEXPLAINED_SILENCE_MAX, lengthCost);
}

function matchCost(candidate: PauseCandidate, pause: DetectedPause): number {
  const misplacement = Math.abs(candidate.fraction - pause.fraction) * MISPLACEMENT_COST;
  const shortForSentence =
    candidate.strength === 'sentence' && pause.durationMs < SHORT_PAUSE_FOR_SENTENCE_MS
      ? SHORT_PAUSE_PENALTY
      : 0;
  return misplacement + shortForSentence;
}
