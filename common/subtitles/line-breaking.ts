import { displayLength } from './text-segmentation.js';

// Breaking a line after one of these leaves it dangling; subtitle guides ask to keep them with the next word.
const WEAK_LINE_ENDINGS = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'in',
  'on',
  'at',
  'for',
  'and',
  'or',
  'but',
  'with',
  'by',
  'from',
  'as',
  'my',
  'your',
  'his',
  'her',
  'its',
  'our',
  'their',
  'this',
  'that',
  'i',
]);

const PUNCTUATION_BONUS = 60;
const WEAK_ENDING_PENALTY = 40;

/**
 * Breaks one cue's text into at most `maxLines` lines of at most `maxCharsPerLine` characters.
 * Text that fits on one line stays on one line; otherwise the lines are as balanced as possible,
 * preferring breaks after punctuation and avoiding a line that ends on an article or preposition.
 * Returns undefined when the text cannot fit (the caller then splits it into more cues).
 */
export function breakIntoLines(
  text: string,
  maxCharsPerLine: number,
  maxLines: number,
): string[] | undefined {
  if (displayLength(text) <= maxCharsPerLine) return [text];
  if (maxLines < 2) return undefined;
  const words = text.split(' ').flatMap((word) => hardWrapWord(word, maxCharsPerLine));
  return bestLineSplit(words, maxCharsPerLine, maxLines);
}

/** A word longer than a line (a URL, unspaced script) is cut into line-sized parts. */
function hardWrapWord(word: string, maxCharsPerLine: number): string[] {
  const chars = [...word];
  if (chars.length <= maxCharsPerLine) return [word];
  const parts: string[] = [];
  for (let index = 0; index < chars.length; index += maxCharsPerLine) {
    parts.push(chars.slice(index, index + maxCharsPerLine).join(''));
  }
  return parts;
}

interface Partial {
  readonly cost: number;
  readonly lines: string[];
}

/** Dynamic programme over word positions: fewest lines first, then the most balanced, best-placed breaks. */
function bestLineSplit(words: string[], maxChars: number, maxLines: number): string[] | undefined {
  for (let lineCount = 2; lineCount <= maxLines; lineCount += 1) {
    const result = splitIntoExactly(words, lineCount, maxChars);
    if (result) return result.lines;
  }
  return undefined;
}

function splitIntoExactly(words: string[], lineCount: number, maxChars: number): Partial | undefined {
  // best[k][i]: best way to set the first i words on k lines.
  const best: (Partial | undefined)[][] = Array.from({ length: lineCount + 1 }, () =>
    new Array<Partial | undefined>(words.length + 1).fill(undefined),
  );
  best[0]![0] = { cost: 0, lines: [] };
  for (let k = 1; k <= lineCount; k += 1) {
    for (let end = 1; end <= words.length; end += 1) {
      let chosen: Partial | undefined;
      for (let start = end - 1; start >= 0; start -= 1) {
        const line = words.slice(start, end).join(' ');
        const length = displayLength(line);
        if (length > maxChars) break;
        const before = best[k - 1]![start];
        if (!before) continue;
        const isLast = end === words.length;
        const cost = before.cost + length * length - (isLast ? 0 : breakBonus(words[end - 1] ?? ''));
        if (!chosen || cost < chosen.cost) chosen = { cost, lines: [...before.lines, line] };
      }
      best[k]![end] = chosen;
    }
  }
  return best[lineCount]![words.length];
}

function breakBonus(lastWordOfLine: string): number {
  if (/[,;:.!?…—–]["'”’)\]]*$/u.test(lastWordOfLine)) return PUNCTUATION_BONUS;
  if (WEAK_LINE_ENDINGS.has(lastWordOfLine.toLowerCase())) return -WEAK_ENDING_PENALTY;
  return 0;
}
