import { CLOSERS, isCjkChar, isWhitespace } from './characters.js';

const LATIN_CLAUSE_MARKS = new Set([',', ';', ':']);
/** CJK commas and colons end a clause without a following space. */
const CJK_CLAUSE_MARKS = new Set(['，', '、', '；', '：', '､']);
const DASHES = new Set(['—', '–']);

/**
 * Offsets where a clause ends: after , ; : (followed by a space, so "1,000" and "10:30" stay whole), after the
 * CJK marks ，、；：, and before a spaced dash (" — ").
 */
export function clauseBreaks(text: string): number[] {
  const breaks: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (CJK_CLAUSE_MARKS.has(char)) {
      let end = i + 1;
      while (end < text.length && CLOSERS.has(text[end]!)) end += 1;
      if (end < text.length) breaks.push(end);
    } else if (LATIN_CLAUSE_MARKS.has(char)) {
      let end = i + 1;
      while (end < text.length && CLOSERS.has(text[end]!)) end += 1;
      if (isWhitespace(text[end])) breaks.push(end);
    } else if (DASHES.has(char) && isWhitespace(text[i - 1]) && isWhitespace(text[i + 1])) {
      breaks.push(i - 1);
    }
  }
  return breaks;
}

/**
 * Offsets where a word ends: at every space, and between characters of scripts written without spaces (CJK),
 * where each character may end a line. Never inside a Latin word, a number or a surrogate pair; never before
 * CJK punctuation (a line does not start with "。").
 */
export function wordBreaks(text: string): number[] {
  const breaks: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const char = text[i]!;
    const previous = text[i - 1]!;
    if (isWhitespace(char) && !isWhitespace(previous)) {
      breaks.push(i);
      continue;
    }
    if (isLowSurrogate(char) || isWhitespace(char) || isWhitespace(previous)) continue;
    const current = text.codePointAt(i) ?? 0;
    const before = codePointEndingAt(text, i);
    if ((isCjkChar(String.fromCodePoint(before)) || isCjkChar(char)) && !isCjkPunctuation(current))
      breaks.push(i);
  }
  return breaks;
}

function isLowSurrogate(char: string): boolean {
  const code = char.charCodeAt(0);
  return code >= 0xdc00 && code <= 0xdfff;
}

function codePointEndingAt(text: string, index: number): number {
  const last = text.charCodeAt(index - 1);
  if (last >= 0xdc00 && last <= 0xdfff && index >= 2) return text.codePointAt(index - 2) ?? last;
  return last;
}

/** CJK symbols and punctuation and full-width forms that are punctuation, plus closing brackets. */
function isCjkPunctuation(code: number): boolean {
  const char = String.fromCodePoint(code);
  return (
    (code >= 0x3000 && code <= 0x303f) ||
    (code >= 0xff01 && code <= 0xff0f) ||
    CLOSERS.has(char) ||
    '，。！？；：、'.includes(char)
  );
}
