/**
 * Finds where a block's text may be cut into cues: sentence ends, clause punctuation, and word gaps.
 * Positions index the normalised text (see normaliseSubtitleText) and point just after the punctuation,
 * which is where a speech synthesiser pauses.
 */

export type BreakStrength = 'sentence' | 'clause';

export interface BreakPoint {
  /** Index just after the punctuation (and any closing quotes or brackets). */
  readonly position: number;
  readonly strength: BreakStrength;
}

const SENTENCE_ENDS = new Set(['.', '!', '?', '…', '。', '！', '？', '‼', '⁇']);
// East Asian full stops and commas end a unit without a following space.
const UNSPACED_ENDS = new Set(['。', '！', '？', '，', '、', '；', '：']);
const CLAUSE_MARKS = new Set([',', ';', ':', '，', '、', '；', '：']);
const DASHES = new Set(['—', '–']);
const CLOSERS = new Set(['"', "'", '”', '’', ')', ']', '»', '」', '』', '）']);

// Words whose trailing full stop does not end a sentence.
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'cf',
  'no',
  'fig',
  'approx',
  'dept',
  'inc',
  'ltd',
  'co',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'a.m',
  'p.m',
]);

/** Collapses every run of whitespace (including line breaks) to one space and trims the ends. */
export function normaliseSubtitleText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Sentence and clause break points of normalised text, in order; the end of the text is not included. */
export function findBreakPoints(text: string): BreakPoint[] {
  const points: BreakPoint[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (SENTENCE_ENDS.has(char) || CLAUSE_MARKS.has(char) || DASHES.has(char)) {
      const end = skipPunctuationRun(text, index);
      const point = classifyBreak(text, index, end);
      if (point) points.push(point);
      index = end;
    } else {
      index += 1;
    }
  }
  return points;
}

/** Index of the first character after the punctuation run starting at `start` (marks then closers). */
function skipPunctuationRun(text: string, start: number): number {
  let end = start;
  while (end < text.length) {
    const char = text[end] ?? '';
    if (SENTENCE_ENDS.has(char) || CLAUSE_MARKS.has(char) || DASHES.has(char) || CLOSERS.has(char)) end += 1;
    else break;
  }
  return end;
}

function classifyBreak(text: string, start: number, end: number): BreakPoint | undefined {
  if (end >= text.length) return undefined;
  const run = text.slice(start, end);
  const last = lastMark(run);
  const unspaced = [...run].some((char) => UNSPACED_ENDS.has(char));
  const followedBySpace = text[end] === ' ';
  if (!followedBySpace && !unspaced && !DASHES.has(last)) return undefined;
  const isSentence = [...run].some((char) => SENTENCE_ENDS.has(char));
  if (isSentence) {
    if (run.startsWith('.') && run.replace(/[.]/gu, '') === '' && isAbbreviationBefore(text, start)) {
      return undefined;
    }
    if (run === '.' && startsLowercase(text, end)) return undefined;
    return { position: end, strength: 'sentence' };
  }
  return { position: end, strength: 'clause' };
}

function lastMark(run: string): string {
  const marks = [...run].filter((char) => !CLOSERS.has(char));
  return marks[marks.length - 1] ?? '';
}

function isAbbreviationBefore(text: string, dotIndex: number): boolean {
  let wordStart = dotIndex;
  while (wordStart > 0 && /[\p{L}.]/u.test(text[wordStart - 1] ?? '')) wordStart -= 1;
  const word = text.slice(wordStart, dotIndex).toLowerCase();
  if (word.length === 0) return false;
  // A single capital letter followed by a full stop is an initial ("J. K. Rowling").
  if (/^\p{Lu}$/u.test(text.slice(wordStart, dotIndex))) return true;
  return ABBREVIATIONS.has(word);
}

function startsLowercase(text: string, from: number): boolean {
  const rest = text.slice(from).trimStart();
  return /^\p{Ll}/u.test(rest);
}

/** Positions of the spaces between words, where a cue or a line may be cut when punctuation is not enough. */
export function findWordGaps(text: string): number[] {
  const gaps: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === ' ') gaps.push(index);
  }
  return gaps;
}

/**
 * How much speaking a stretch of text takes, counted in letters and digits: spaces and punctuation
 * take no time of their own (the pauses at punctuation are found in the audio instead).
 */
export function spokenWeight(text: string): number {
  let weight = 0;
  for (const char of text) {
    if (/[\p{L}\p{N}]/u.test(char)) weight += 1;
  }
  return weight;
}

/** Length as a viewer counts it: user-perceived characters, not UTF-16 code units. */
export function displayLength(text: string): number {
  return [...text].length;
}
