import { clauseBreaks, sentenceBreaks } from '../text/index.js';

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

/** Collapses every run of whitespace (including line breaks) to one space and trims the ends. */
export function normaliseSubtitleText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * Sentence and clause break points of normalised text, in order; the end of the text is not included. They are
 * the same cuts the script importer makes (common/text), so a subtitle cue and an imported block end alike.
 */
export function findBreakPoints(text: string): BreakPoint[] {
  const sentences = new Set(sentenceBreaks(text));
  const clauses = clauseBreaks(text).filter((position) => !sentences.has(position));
  return [
    ...[...sentences].map((position) => ({ position, strength: 'sentence' as const })),
    ...clauses.map((position) => ({ position, strength: 'clause' as const })),
  ].sort((a, b) => a.position - b.position);
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
