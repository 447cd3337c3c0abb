import { badParams } from '../http/service-error.js';
import { splitSentences, splitToMaxLength } from '../audio/sentences.js';
import type { SplitterConfig } from '../state/schema.js';

export type SplitMode = SplitterConfig['mode'];

const SPLITTER_MAX_LENGTH = { min: 10, max: 5000, default: 300 } as const;

/** Inline `splitter` keys that are splitting rules; every other key is a default for the compiled text blocks. */
const RULE_KEYS = new Set(['mode', 'maxLength']);

export interface SplitterRules {
  mode: SplitMode;
  maxLength: number;
  blockDefaults: Record<string, unknown>;
}

/**
 * Reads an inline `splitter`: `{mode?: 'sentence'|'paragraph', maxLength?: 10..5000, ...text block fields}`.
 * Errors name the field (the splitter is not inside `contents`, so VALIDATION_BAD_PARAMS applies).
 */
export function parseInlineSplitter(raw: unknown): SplitterRules {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badParams('splitter must be an object {mode, maxLength, voiceId, ...}');
  }
  const source = raw as Record<string, unknown>;
  const mode = source.mode ?? 'sentence';
  if (mode !== 'sentence' && mode !== 'paragraph')
    throw badParams("splitter.mode must be 'sentence' or 'paragraph'");
  const maxLength = source.maxLength ?? SPLITTER_MAX_LENGTH.default;
  if (
    typeof maxLength !== 'number' ||
    !Number.isInteger(maxLength) ||
    maxLength < SPLITTER_MAX_LENGTH.min ||
    maxLength > SPLITTER_MAX_LENGTH.max
  ) {
    throw badParams(
      `splitter.maxLength must be an integer ${SPLITTER_MAX_LENGTH.min}..${SPLITTER_MAX_LENGTH.max}`,
    );
  }
  const blockDefaults = Object.fromEntries(Object.entries(source).filter(([key]) => !RULE_KEYS.has(key)));
  return { mode, maxLength, blockDefaults };
}

/**
 * Splits text into block texts. `sentence`: one block per sentence. `paragraph`: one block per paragraph (blank
 * line separated), a paragraph longer than maxLength packed into blocks of whole sentences. Either way a piece
 * longer than maxLength is cut at a comma or space.
 */
export function splitText(text: string, mode: SplitMode, maxLength: number): string[] {
  if (mode === 'sentence')
    return splitSentences(text).flatMap((sentence) => splitToMaxLength(sentence, maxLength));
  const pieces: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const trimmed = paragraph.trim().replace(/\s*\n\s*/g, ' ');
    if (trimmed === '') continue;
    if ([...trimmed].length <= maxLength) {
      pieces.push(trimmed);
      continue;
    }
    let current = '';
    for (const sentence of splitSentences(trimmed).flatMap((part) => splitToMaxLength(part, maxLength))) {
      const candidate = current === '' ? sentence : `${current} ${sentence}`;
      if ([...candidate].length <= maxLength) current = candidate;
      else {
        pieces.push(current);
        current = sentence;
      }
    }
    if (current !== '') pieces.push(current);
  }
  return pieces;
}

/** Compiles text into `contents`: one text block per piece, carrying the splitter's block defaults. */
export function compileContents(text: string, rules: SplitterRules): Record<string, unknown>[] {
  return splitText(text, rules.mode, rules.maxLength).map((piece) => ({
    ...rules.blockDefaults,
    type: 'text',
    text: piece,
  }));
}
