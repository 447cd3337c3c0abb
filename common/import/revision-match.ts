import type { WordCounts } from './revision-text.js';
import {
  containedShare,
  diceCeiling,
  pairSimilarity,
  spokenForm,
  wordCounts,
  wordSimilarity,
} from './revision-text.js';

/**
 * What became of the project's blocks (`old`, indexes into its text blocks in order) in a revised manuscript
 * (`new`, indexes into its paragraphs):
 * - `unchanged`: the same text (as spoken: `spokenForm`) at the same place among the others;
 * - `moved`: the same text at another place (the rest of the book kept its order around it);
 * - `changed`: the paragraph edited (its wording at least half the same, `EDIT_SIMILARITY`);
 * - `split`: one block now two paragraphs in a row; `merged`: two blocks in a row now one paragraph;
 * - `added`, `removed`: no counterpart.
 */
export type RevisionChangeKind = 'unchanged' | 'moved' | 'changed' | 'split' | 'merged' | 'added' | 'removed';

export interface RevisionChange {
  readonly kind: RevisionChangeKind;
  /** The blocks it concerns, in order (none for `added`, two for `merged`). */
  readonly old: readonly number[];
  /** The revision's paragraphs it concerns, in order (none for `removed`, two for `split`). */
  readonly new: readonly number[];
}

/** The share of words two versions of a paragraph must have in common to count as one paragraph edited. */
const EDIT_SIMILARITY = 0.5;

/**
 * The most paragraphs on either side of one stretch compared pairwise. Longer stretches without an unchanged
 * paragraph (a chapter rewritten) are cut into pieces this long, taken side by side, so a 10,000-paragraph book
 * costs at most (n ÷ 64) × 64² comparisons whatever was revised.
 */
const MAX_STRETCH = 64;

/**
 * How far from a stretch's diagonal (its blocks and paragraphs taken in proportion) a pair is compared at all,
 * beyond how much longer one side is. Revisions change text where it stands: a paragraph edited 9 places away
 * from where the proportions put it, in a stretch with no unchanged paragraph, is read as removed and added.
 */
const BAND = 8;

/**
 * Matches a revised manuscript's paragraphs to the project's text blocks, in the order of the revision, each
 * removed block after the change before it. Every block and every paragraph is in exactly one change.
 *
 * 1. Exact matches: a text found exactly once in the blocks and once in the revision pairs them (as patience diff
 *    does; texts that repeat, "* * *", pair up in step 3). The longest run of pairs in the same order is
 *    `unchanged`, the other pairs `moved` (longest increasing subsequence, O(n log n)).
 * 2. Between two unchanged paragraphs, the blocks and paragraphs left are aligned in order by dynamic
 *    programming: one to one when edited, one to two (split) or two to one (merged) when each piece's words come
 *    from the other side, or removed and added. An aligned pair of the same text is `unchanged`.
 */
export function matchRevision(oldTexts: readonly string[], newTexts: readonly string[]): RevisionChange[] {
  const oldForms = oldTexts.map(spokenForm);
  const newForms = newTexts.map(spokenForm);
  const pairs = uniquePairs(oldForms, newForms);
  const inOrder = longestInOrder(pairs);
  const anchors = pairs.filter((_, index) => inOrder.has(index));
  const movedByNew = new Map<number, number>();
  const pairedOld = new Set<number>();
  const pairedNew = new Set<number>();
  pairs.forEach(([oldIndex, newIndex], index) => {
    pairedOld.add(oldIndex);
    pairedNew.add(newIndex);
    if (!inOrder.has(index)) movedByNew.set(newIndex, oldIndex);
  });

  const comparer = new StretchComparer(oldTexts, newTexts, oldForms, newForms);
  const changes: RevisionChange[] = [];
  const bounds: (readonly [number, number])[] = [[-1, -1], ...anchors, [oldTexts.length, newTexts.length]];
  for (let at = 0; at + 1 < bounds.length; at += 1) {
    const [oldFrom, newFrom] = bounds[at]!;
    const [oldTo, newTo] = bounds[at + 1]!;
    if (at > 0) changes.push({ kind: 'unchanged', old: [oldFrom], new: [newFrom] });
    const oldLeft = range(oldFrom + 1, oldTo).filter((index) => !pairedOld.has(index));
    const newLeft = range(newFrom + 1, newTo).filter((index) => !pairedNew.has(index));
    const moved = range(newFrom + 1, newTo).filter((index) => movedByNew.has(index));
    let nextMoved = 0;
    const flushMovedBefore = (newIndex: number): void => {
      while (nextMoved < moved.length && moved[nextMoved]! < newIndex) {
        const movedNew = moved[nextMoved]!;
        changes.push({ kind: 'moved', old: [movedByNew.get(movedNew)!], new: [movedNew] });
        nextMoved += 1;
      }
    };
    for (const change of comparer.align(oldLeft, newLeft)) {
      if (change.new.length > 0) flushMovedBefore(change.new[0]!);
      changes.push(change);
    }
    flushMovedBefore(newTo);
  }
  return changes;
}

function range(from: number, to: number): number[] {
  const result: number[] = [];
  for (let index = from; index < to; index += 1) result.push(index);
  return result;
}

/** [old, new] for every text that occurs exactly once on each side, in the revision's order. */
function uniquePairs(oldForms: readonly string[], newForms: readonly string[]): [number, number][] {
  const oldAt = new Map<string, number>();
  for (const [index, form] of oldForms.entries()) oldAt.set(form, oldAt.has(form) ? -1 : index);
  const newAt = new Map<string, number>();
  for (const [index, form] of newForms.entries()) newAt.set(form, newAt.has(form) ? -1 : index);
  const pairs: [number, number][] = [];
  for (const [index, form] of newForms.entries()) {
    const oldIndex = oldAt.get(form);
    if (oldIndex !== undefined && oldIndex >= 0 && newAt.get(form) === index) pairs.push([oldIndex, index]);
  }
  return pairs;
}

/** Which pairs (by index) form the longest run whose old indexes increase: patience sorting, O(n log n). */
function longestInOrder(pairs: readonly (readonly [number, number])[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(pairs.length).fill(-1);
  for (const [index, [oldIndex]] of pairs.entries()) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pairs[tails[middle]!]![0] < oldIndex) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index]!) kept.add(index);
  return kept;
}

/** How one step of the alignment scores: covered paragraphs weighted by how alike they are. */
interface Step {
  readonly change: RevisionChange;
  readonly oldTaken: number;
  readonly newTaken: number;
  readonly score: number;
}

/** Aligns the blocks and paragraphs left between two unchanged ones, with each side's word counts kept once. */
class StretchComparer {
  private readonly oldWords = new Map<number, WordCounts>();
  private readonly newWords = new Map<number, WordCounts>();

  constructor(
    private readonly oldTexts: readonly string[],
    private readonly newTexts: readonly string[],
    private readonly oldForms: readonly string[],
    private readonly newForms: readonly string[],
  ) {}

  align(oldLeft: readonly number[], newLeft: readonly number[]): RevisionChange[] {
    if (oldLeft.length === 0 || newLeft.length === 0) {
      return [
        ...oldLeft.map((index): RevisionChange => ({ kind: 'removed', old: [index], new: [] })),
        ...newLeft.map((index): RevisionChange => ({ kind: 'added', old: [], new: [index] })),
      ];
    }
    const pieces = Math.ceil(Math.max(oldLeft.length, newLeft.length) / MAX_STRETCH);
    const changes: RevisionChange[] = [];
    for (let piece = 0; piece < pieces; piece += 1) {
      const cut = (list: readonly number[]) =>
        list.slice(
          Math.round((list.length * piece) / pieces),
          Math.round((list.length * (piece + 1)) / pieces),
        );
      changes.push(...this.alignPiece(cut(oldLeft), cut(newLeft)));
    }
    return changes;
  }

  /** Best alignment by dynamic programming over what is left on each side (suffix scores), then read forward. */
  private alignPiece(oldLeft: readonly number[], newLeft: readonly number[]): RevisionChange[] {
    const columns = newLeft.length + 1;
    const best = new Float64Array((oldLeft.length + 1) * columns);
    const chosen: (Step | undefined)[] = new Array<Step | undefined>(best.length);
    for (let i = oldLeft.length; i >= 0; i -= 1) {
      for (let j = newLeft.length; j >= 0; j -= 1) {
        let top: Step | undefined;
        let topScore = -1;
        for (const step of this.steps(oldLeft, newLeft, i, j)) {
          const score = step.score + best[(i + step.oldTaken) * columns + j + step.newTaken]!;
          if (score > topScore) {
            top = step;
            topScore = score;
          }
        }
        best[i * columns + j] = top === undefined ? 0 : topScore;
        chosen[i * columns + j] = top;
      }
    }
    const changes: RevisionChange[] = [];
    for (let i = 0, j = 0, step = chosen[0]; step !== undefined; step = chosen[i * columns + j]) {
      changes.push(step.change);
      i += step.oldTaken;
      j += step.newTaken;
    }
    return changes;
  }

  /** The moves open at (i, j), best kinds first so that equal scores keep the likelier reading. */
  private steps(oldLeft: readonly number[], newLeft: readonly number[], i: number, j: number): Step[] {
    const steps: Step[] = [];
    const oldIndex = oldLeft[i];
    const newIndex = newLeft[j];
    const band = BAND + Math.abs(oldLeft.length - newLeft.length);
    const near = Math.abs(j - (i * newLeft.length) / oldLeft.length) <= band;
    if (oldIndex !== undefined && newIndex !== undefined && near) {
      const same = this.oldForms[oldIndex] === this.newForms[newIndex];
      const similarity = same ? 1 : this.similarity(this.old(oldIndex), this.new(newIndex));
      if (similarity >= EDIT_SIMILARITY) {
        const kind = same ? 'unchanged' : 'changed';
        steps.push(step(kind, [oldIndex], [newIndex], 2 * similarity));
      }
      const nextNew = newLeft[j + 1];
      if (nextNew === newIndex + 1) {
        const score = this.pieceScore(this.old(oldIndex), this.new(newIndex), this.new(nextNew));
        if (score > 0) steps.push(step('split', [oldIndex], [newIndex, nextNew], score));
      }
      const nextOld = oldLeft[i + 1];
      if (nextOld === oldIndex + 1) {
        const score = this.pieceScore(this.new(newIndex), this.old(oldIndex), this.old(nextOld));
        if (score > 0) steps.push(step('merged', [oldIndex, nextOld], [newIndex], score));
      }
    }
    if (oldIndex !== undefined) steps.push(step('removed', [oldIndex], [], 0));
    if (newIndex !== undefined) steps.push(step('added', [], [newIndex], 0));
    return steps;
  }

  /**
   * A split's (or merge's) score: 3 × how alike the whole is to its two pieces together, when each piece has most
   * of its words from the whole (a new paragraph written after an old one is not half of a split); else 0.
   */
  private pieceScore(whole: WordCounts, first: WordCounts, second: WordCounts): number {
    const pair = first.total + second.total;
    // The most alike the pair could be, from the lengths alone (as diceCeiling): most pairs stop here.
    if ((2 * Math.min(whole.total, pair)) / (whole.total + pair) < EDIT_SIMILARITY) return 0;
    if (containedShare(first, whole) < EDIT_SIMILARITY) return 0;
    if (containedShare(second, whole) < EDIT_SIMILARITY) return 0;
    const similarity = pairSimilarity(whole, first, second);
    return similarity >= EDIT_SIMILARITY ? 3 * similarity : 0;
  }

  private similarity(a: WordCounts, b: WordCounts): number {
    return diceCeiling(a, b) < EDIT_SIMILARITY ? 0 : wordSimilarity(a, b);
  }

  private old(index: number): WordCounts {
    return cached(this.oldWords, index, () => wordCounts(this.oldTexts[index]!));
  }

  private new(index: number): WordCounts {
    return cached(this.newWords, index, () => wordCounts(this.newTexts[index]!));
  }
}

function step(
  kind: RevisionChangeKind,
  old: readonly number[],
  next: readonly number[],
  score: number,
): Step {
  return { change: { kind, old, new: next }, oldTaken: old.length, newTaken: next.length, score };
}

function cached<T>(map: Map<number, T>, key: number, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
