import { joinPieces } from './characters.js';

/** A line starting a list item ("1. ", "2) ", "- ", "* ", "• ") starts a paragraph of its own. */
const LIST_ITEM = /^(?:\d{1,3}[.)]|[-*•·])\s/u;

export type ParagraphMode = 'blank-lines' | 'lines';

/**
 * Normalises pasted or imported text: drops a byte-order mark, turns Windows and old Mac line ends into "\n",
 * and no-break and other odd spaces into plain ones, and removes zero-width characters that editors leave behind.
 */
export function normaliseScript(text: string): string {
  return text
    .replace(/^\uFEFF/u, '')
    .replace(/\r\n?/gu, '\n')
    .replace(/\u200B|\u200C|\u200D|\u2060|\uFEFF/gu, '')
    .replace(/[\t\u00A0\u2000-\u200A\u202F\u205F]/gu, ' ');
}

/**
 * Splits text into paragraphs. 'blank-lines' (prose): paragraphs are separated by empty lines, and the line
 * breaks inside a paragraph are soft wraps, joined with a space (nothing between CJK text), except that a
 * list item ("1. …", "- …") starts a new paragraph. 'lines' (scripts,
 * subtitles, one line per utterance): every non-empty line is a paragraph. Runs of spaces collapse to one.
 */
export function splitParagraphs(text: string, mode: ParagraphMode = 'blank-lines'): string[] {
  const lines = normaliseScript(text)
    .split('\n')
    .map((line) => line.replace(/ {2,}/gu, ' ').trim());
  if (mode === 'lines') return lines.filter((line) => line !== '');
  const paragraphs: string[] = [];
  let current = '';
  for (const line of lines) {
    if (line === '' || LIST_ITEM.test(line)) {
      if (current !== '') paragraphs.push(current);
      current = line;
    } else {
      current = joinPieces(current, line);
    }
  }
  if (current !== '') paragraphs.push(current);
  return paragraphs;
}
