import { sentenceBreaks } from './sentence-breaks.js';

/** Splits text into sentences (see sentenceBreaks for the rules), trimmed, without empty ones. */
export function splitSentences(text: string): string[] {
  return cutAt(text, sentenceBreaks(text));
}

/** Cuts `text` at the offsets, trimming each piece and dropping empty ones. */
export function cutAt(text: string, offsets: readonly number[]): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const offset of [...offsets, text.length]) {
    const piece = text.slice(start, offset).trim();
    if (piece !== '') pieces.push(piece);
    start = offset;
  }
  return pieces;
}
