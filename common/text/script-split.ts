import { splitToMaxLength } from './max-length.js';
import type { ParagraphMode } from './paragraphs.js';
import { splitParagraphs } from './paragraphs.js';
import { splitSentences } from './sentences.js';

export interface ScriptSplitOptions {
  /** One block per sentence instead of one per paragraph. Default false. */
  splitSentences?: boolean | undefined;
  /**
   * Longest block, in characters (code points). Longer paragraphs (or sentences) are split at sentence ends,
   * then clause ends, then word boundaries. Default DEFAULT_MAX_BLOCK_LENGTH.
   */
  maxLength?: number | undefined;
  /** How paragraphs are separated: blank lines (default, prose) or each line (scripts). */
  paragraphs?: ParagraphMode | undefined;
}

/**
 * 500 characters: about 35 seconds of English speech. Long enough to keep a paragraph's flow in one generation,
 * short enough that fixing one word regenerates (and costs) little. The contract states no per-block limit.
 */
export const DEFAULT_MAX_BLOCK_LENGTH = 500;
/** Shorter limits would cut most sentences into word salad. */
export const MIN_MAX_BLOCK_LENGTH = 20;
export const MAX_MAX_BLOCK_LENGTH = 10_000;

/** Splits a pasted script or a text file into the texts of speech blocks, in order. */
export function splitScript(text: string, options: ScriptSplitOptions = {}): string[] {
  const maxLength = options.maxLength ?? DEFAULT_MAX_BLOCK_LENGTH;
  if (!Number.isInteger(maxLength) || maxLength < MIN_MAX_BLOCK_LENGTH || maxLength > MAX_MAX_BLOCK_LENGTH) {
    throw new RangeError(
      `maxLength must be a whole number from ${MIN_MAX_BLOCK_LENGTH} to ${MAX_MAX_BLOCK_LENGTH} (got ${maxLength})`,
    );
  }
  const paragraphs = splitParagraphs(text, options.paragraphs ?? 'blank-lines');
  const units = options.splitSentences === true ? paragraphs.flatMap(splitSentences) : paragraphs;
  return units.flatMap((unit) => splitToMaxLength(unit, maxLength));
}
