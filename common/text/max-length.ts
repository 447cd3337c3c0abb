import { codePointLength, joinPieces } from './characters.js';
import { clauseBreaks, wordBreaks } from './clause-and-word-breaks.js';
import { sentenceBreaks } from './sentence-breaks.js';
import { cutAt } from './sentences.js';

type BreakFinder = (text: string) => number[];

/** Coarse to fine: whole sentences first, then clauses, then words. */
const LEVELS: readonly BreakFinder[] = [sentenceBreaks, clauseBreaks, wordBreaks];

/**
 * Splits text into pieces of at most `maxLength` characters (code points), cutting at sentence ends first
 * (packing as many whole sentences into a piece as fit), then, for a sentence that is still too long, at clause
 * ends, then at word boundaries. It never cuts inside a word: a single word longer than the limit (a URL, say)
 * is kept whole as its own piece. Pieces of an over-long sentence are not glued to the next sentence, so each
 * block starts at a sentence start (or where a cut inside a sentence had to be). Whitespace at the cuts is dropped.
 */
export function splitToMaxLength(text: string, maxLength: number): string[] {
  if (!Number.isInteger(maxLength) || maxLength < 1) {
    throw new RangeError(`maxLength must be a whole number 1 or more (got ${maxLength})`);
  }
  const trimmed = text.trim();
  if (trimmed === '') return [];
  return splitAtLevel(trimmed, maxLength, 0);
}

function splitAtLevel(text: string, maxLength: number, level: number): string[] {
  if (codePointLength(text) <= maxLength) return [text];
  const findBreaks = LEVELS[level];
  if (findBreaks === undefined) return [text];
  const packed = pack(cutAt(text, findBreaks(text)), maxLength);
  return packed.flatMap((piece) =>
    codePointLength(piece) <= maxLength ? [piece] : splitAtLevel(piece, maxLength, level + 1),
  );
}

/** Greedily joins consecutive pieces while the result fits. */
function pack(pieces: readonly string[], maxLength: number): string[] {
  const packed: string[] = [];
  let current = '';
  let currentLength = 0;
  for (const piece of pieces) {
    const pieceLength = codePointLength(piece);
    if (current === '') {
      current = piece;
      currentLength = pieceLength;
      continue;
    }
    const joined = joinPieces(current, piece);
    const joinedLength = currentLength + pieceLength + (joined.length - current.length - piece.length);
    if (joinedLength <= maxLength) {
      current = joined;
      currentLength = joinedLength;
    } else {
      packed.push(current);
      current = piece;
      currentLength = pieceLength;
    }
  }
  if (current !== '') packed.push(current);
  return packed;
}
