import { CLOSERS, OPENERS, isCjkChar, isWhitespace } from './characters.js';

/**
 * Abbreviations (lower case, without their final dot) after which a full stop does not end a sentence. English
 * only; other languages' abbreviations may over-split, and the editor's merge fixes that in one keystroke.
 * "etc." is deliberately absent: it usually ends the sentence it closes.
 */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'mx',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'ft',
  'vs',
  'cf',
  'al',
  'approx',
  'dept',
  'est',
  'inc',
  'ltd',
  'co',
  'corp',
  'gen',
  'col',
  'capt',
  'lt',
  'sgt',
  'rev',
  'hon',
  'gov',
  'sen',
  'rep',
  'pres',
  'ave',
  'blvd',
  'rd',
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
  'mon',
  'tue',
  'tues',
  'wed',
  'thu',
  'thur',
  'thurs',
  'fri',
  'sat',
  'sun',
  'viz',
  'ca',
  'min',
  'max',
]);

/** Abbreviations that only abbreviate before a number ("No. 5", "p. 12"); elsewhere "no." is the word no. */
const NUMBER_ABBREVIATIONS = new Set([
  'no',
  'nos',
  'vol',
  'vols',
  'p',
  'pp',
  'fig',
  'figs',
  'ch',
  'sec',
  'art',
  'op',
]);

/** Particles that continue a sentence after a closing Japanese quote. */
const QUOTATIVE_PARTICLES = ['と', 'って'];

const LATIN_TERMINATORS = new Set(['.', '!', '?']);
/** CJK sentence ends end a sentence even without a following space, the way those scripts are written. */
const CJK_TERMINATORS = new Set(['。', '！', '？', '｡', '．']);

/**
 * Offsets where a sentence ends in `text` (a cut there, then trimming, gives the sentences). Handles:
 * abbreviations ("Dr.", "e.g.", "U.S."), initials ("J. R. R. Tolkien"), decimals and versions ("3.14", "v1.2"),
 * a numbered list's "1." at the start, ellipses ("..." and "…": a pause, ending the sentence only before a
 * capitalised word), closing
 * quotes and brackets after the terminator ("“Stop.” Then…"), terminator runs ("?!"), a following lower-case word
 * ("“Really?” she asked."), and CJK full stops 。！？ which need no following space (but a Japanese quote
 * followed by the particle と continues its sentence).
 */
export function sentenceBreaks(text: string): number[] {
  const breaks: number[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (CJK_TERMINATORS.has(char)) {
      const runEnd = skipWhile(
        text,
        i + 1,
        (c) => CJK_TERMINATORS.has(c) || c === '!' || c === '?' || c === '…',
      );
      const end = skipWhile(text, runEnd, (c) => CLOSERS.has(c));
      // Japanese quotes go on with a quotative particle: 「おはよう。」と彼女は言った。 is one sentence.
      const quoteGoesOn =
        end > runEnd && QUOTATIVE_PARTICLES.some((particle) => text.startsWith(particle, end));
      if (end < text.length && !quoteGoesOn) breaks.push(end);
      i = end;
      continue;
    }
    if (char === '…' || (char === '.' && text[i + 1] === '.')) {
      // An ellipsis is a pause; it ends the sentence only when a capitalised word follows ("… The wind").
      const runEnd = skipWhile(text, i, (c) => c === '.' || c === '…');
      const end = skipWhile(text, runEnd, (c) => CLOSERS.has(c));
      const following = nextWordStart(text, end);
      if (isWhitespace(text[end]) && following !== undefined && /\p{Lu}/u.test(following)) breaks.push(end);
      i = end;
      continue;
    }
    if (LATIN_TERMINATORS.has(char)) {
      const runEnd = skipWhile(text, i + 1, (c) => c === '!' || c === '?');
      const end = skipWhile(text, runEnd, (c) => CLOSERS.has(c));
      if (end < text.length && isSentenceEnd(text, i, end)) breaks.push(end);
      i = end;
      continue;
    }
    i += 1;
  }
  return breaks;
}

/** `start` is the terminator; `end` is just past it and any closing quotes. */
function isSentenceEnd(text: string, start: number, end: number): boolean {
  const next = text[end];
  // Latin sentence ends are followed by a space; "3.14", "e.g.," and "example.com" are not.
  if (!isWhitespace(next) && !isCjkChar(next)) return false;
  const following = nextWordStart(text, end);
  if (following !== undefined && isLowerCase(following)) return false;
  if (text[start] !== '.') return true;
  const token = wordBefore(text, start);
  const lower = token.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  if (NUMBER_ABBREVIATIONS.has(lower) && following !== undefined && /\d/u.test(following)) return false;
  // Dotted abbreviations: e.g, i.e, U.S, a.m, Ph.D (the final dot is the terminator being judged).
  if (/^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(token)) return false;
  // An initial: "J. R. R. Tolkien", "Harry S. Truman".
  if (/^\p{Lu}$/u.test(token)) return false;
  // A numbered list item at the very start: "1. Preheat the oven."
  if (/^\d+$/u.test(token) && text.slice(0, start - token.length).trim() === '') return false;
  return true;
}

/** The run of non-space characters just before `index`, without opening quotes or brackets. */
function wordBefore(text: string, index: number): string {
  let start = index;
  while (start > 0 && !isWhitespace(text[start - 1]) && !OPENERS.has(text[start - 1]!)) start -= 1;
  return text.slice(start, index);
}

/** The first letter or digit after `index`, skipping spaces and opening quotes. */
function nextWordStart(text: string, index: number): string | undefined {
  for (let i = index; i < text.length; i++) {
    const char = text[i]!;
    if (isWhitespace(char) || OPENERS.has(char)) continue;
    return char;
  }
  return undefined;
}

function isLowerCase(char: string): boolean {
  return /\p{Ll}/u.test(char);
}

function skipWhile(text: string, from: number, predicate: (char: string) => boolean): number {
  let i = from;
  while (i < text.length && predicate(text[i]!)) i += 1;
  return i;
}
