import { displayLength, findBreakPoints, findWordGaps } from './text-segmentation.js';

/** A stretch of a block's normalised text that becomes one cue. */
export interface TextPiece {
  /** Index of the piece's first character in the normalised text. */
  readonly start: number;
  /** Index just after the piece's last character. */
  readonly end: number;
  readonly text: string;
}

/** Whether a stretch of text can be shown as one cue (line limits, and any extra length cap). */
export type FitsOneCue = (text: string) => boolean;

type Level = 'clause' | 'word';

// Every extra cue costs more than any imbalance between cues can, so the fewest cues win first.
const COST_PER_PIECE = 1e9;

/**
 * Cuts normalised text into cue-sized pieces. Every sentence starts a new piece; a sentence too long
 * for one cue is cut at clause punctuation, and a clause still too long is cut between words. Among
 * the cuttings with the fewest pieces, the one with the most even piece lengths wins.
 */
export function splitIntoPieces(text: string, fits: FitsOneCue): TextPiece[] {
  const sentenceEnds = findBreakPoints(text)
    .filter((point) => point.strength === 'sentence')
    .map((point) => point.position);
  return cutAt(text, 0, text.length, sentenceEnds).flatMap((span) => splitSpan(text, span, fits, 'clause'));
}

/** Splits one span [start, end) that may not fit, at the given level and below. */
export function splitSpan(text: string, span: TextPiece, fits: FitsOneCue, level: Level): TextPiece[] {
  if (span.text.length === 0) return [];
  if (fits(span.text)) return [span];
  const cuts = level === 'clause' ? clauseCuts(text, span) : wordCuts(text, span);
  if (cuts.length === 0) {
    return level === 'clause' ? splitSpan(text, span, fits, 'word') : splitByCharacters(text, span, fits);
  }
  const segments = cutAt(text, span.start, span.end, cuts);
  return packSegments(text, segments, fits, level);
}

function clauseCuts(text: string, span: TextPiece): number[] {
  return findBreakPoints(text)
    .map((point) => point.position)
    .filter((position) => position > span.start && position < span.end);
}

function wordCuts(text: string, span: TextPiece): number[] {
  return findWordGaps(text).filter((position) => position > span.start && position < span.end);
}

/** Cuts [start, end) at the given positions into trimmed pieces (empty pieces are dropped). */
function cutAt(text: string, start: number, end: number, positions: number[]): TextPiece[] {
  const bounds = [start, ...positions.filter((p) => p > start && p < end), end];
  const pieces: TextPiece[] = [];
  for (let index = 0; index + 1 < bounds.length; index += 1) {
    const piece = trimmedPiece(text, bounds[index] ?? start, bounds[index + 1] ?? end);
    if (piece) pieces.push(piece);
  }
  return pieces;
}

function trimmedPiece(text: string, start: number, end: number): TextPiece | undefined {
  let from = start;
  let to = end;
  while (from < to && text[from] === ' ') from += 1;
  while (to > from && text[to - 1] === ' ') to -= 1;
  if (from >= to) return undefined;
  return { start: from, end: to, text: text.slice(from, to) };
}

interface Packing {
  readonly cost: number;
  readonly pieces: TextPiece[];
}

/**
 * Groups consecutive segments into pieces that fit, by dynamic programming: fewest pieces, then the
 * smallest sum of squared lengths (the most even). A segment that does not fit even alone is split
 * at the next level down and its parts are kept as they are.
 */
function packSegments(text: string, segments: TextPiece[], fits: FitsOneCue, level: Level): TextPiece[] {
  const best: (Packing | undefined)[] = new Array<Packing | undefined>(segments.length + 1).fill(undefined);
  best[0] = { cost: 0, pieces: [] };
  for (let end = 1; end <= segments.length; end += 1) {
    let chosen: Packing | undefined;
    for (let start = end - 1; start >= 0; start -= 1) {
      const before = best[start];
      const first = segments[start];
      const last = segments[end - 1];
      if (!before || !first || !last) continue;
      const merged = trimmedPiece(text, first.start, last.end);
      if (!merged) continue;
      let candidate: Packing | undefined;
      if (fits(merged.text)) {
        const length = displayLength(merged.text);
        candidate = {
          cost: before.cost + COST_PER_PIECE + length * length,
          pieces: [...before.pieces, merged],
        };
      } else if (start === end - 1) {
        const parts =
          level === 'clause' ? splitSpan(text, first, fits, 'word') : splitByCharacters(text, first, fits);
        const cost = parts.reduce((sum, part) => sum + COST_PER_PIECE + displayLength(part.text) ** 2, 0);
        candidate = { cost: before.cost + cost, pieces: [...before.pieces, ...parts] };
      } else {
        // Longer groups only grow from here, so none of them can fit either.
        break;
      }
      if (!chosen || candidate.cost < chosen.cost) chosen = candidate;
    }
    best[end] = chosen;
  }
  return best[segments.length]?.pieces ?? segments;
}

/** Last resort for text without usable spaces: the longest prefixes that fit, one after another. */
function splitByCharacters(text: string, span: TextPiece, fits: FitsOneCue): TextPiece[] {
  const pieces: TextPiece[] = [];
  let start = span.start;
  while (start < span.end) {
    let end = start + 1;
    while (end < span.end && fits(text.slice(start, end + 1))) end += 1;
    const piece = trimmedPiece(text, start, end);
    if (piece) pieces.push(piece);
    start = end;
  }
  return pieces;
}
