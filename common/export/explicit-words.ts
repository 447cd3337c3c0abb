import { z } from 'zod';
import type { ProjectExportSettings } from './project-export-settings.js';
import type { SamplePassage } from './retail-sample.js';

/**
 * The explicit words a retail sample is checked for when the user has not edited the list (Settings → Export):
 * a short, plain list of common English profanity. Retailers (ACX) refuse samples with explicit content; the
 * list only warns, since no word list can judge a passage, and the user adds their book's own words.
 */
export const DEFAULT_EXPLICIT_WORDS: readonly string[] = [
  'fuck',
  'fucking',
  'fucked',
  'shit',
  'bullshit',
  'cunt',
  'cock',
  'dick',
  'pussy',
  'bitch',
  'bastard',
  'asshole',
  'motherfucker',
  'whore',
  'slut',
];

/** The most words the list holds and the longest word, so the settings file and each check stay small. */
const EXPLICIT_WORDS_LIMITS = { words: 500, characters: 60 } as const;

/** The list as settings keep it and a sample request carries it. */
export const explicitWordsSchema = z
  .array(
    z
      .string()
      .max(
        EXPLICIT_WORDS_LIMITS.characters,
        `must be at most ${EXPLICIT_WORDS_LIMITS.characters} characters`,
      ),
  )
  .max(EXPLICIT_WORDS_LIMITS.words, `must hold at most ${EXPLICIT_WORDS_LIMITS.words} words`);

/**
 * The list as a settings file holds it, read leniently: a word the rules refuse (not text, over the length) is
 * dropped and a list over the count is cut, since one bad word in a hand-edited file must not set every other
 * setting aside as damaged; a file without a list (older than it) gets the defaults.
 */
// `optional()`: a file older than the list has no key at all, which must read as the defaults, not as damage.
export const storedExplicitWordsSchema = z
  .unknown()
  .optional()
  .transform((stored): string[] => {
    if (!Array.isArray(stored)) return [...DEFAULT_EXPLICIT_WORDS];
    return stored
      .filter(
        (word): word is string =>
          typeof word === 'string' && [...word].length <= EXPLICIT_WORDS_LIMITS.characters,
      )
      .slice(0, EXPLICIT_WORDS_LIMITS.words);
  });

/**
 * The list as the user typed it (one word or phrase a line, or separated by commas), trimmed, lower-cased and
 * without repeats; or the rule a line breaks, naming it.
 */
export function parseExplicitWords(
  text: string,
): { ok: true; words: string[] } | { ok: false; problem: string } {
  const words = [
    ...new Set(
      text
        .split(/[\n,]/u)
        .map((word) => word.trim().replace(/\s+/gu, ' ').toLowerCase())
        .filter((word) => word !== ''),
    ),
  ];
  const long = words.find((word) => [...word].length > EXPLICIT_WORDS_LIMITS.characters);
  if (long !== undefined) {
    return {
      ok: false,
      problem: `Explicit words: “${long.slice(0, 20)}…” is longer than ${EXPLICIT_WORDS_LIMITS.characters} characters.`,
    };
  }
  if (words.length > EXPLICIT_WORDS_LIMITS.words) {
    return {
      ok: false,
      problem: `Explicit words: ${words.length} words is more than the ${EXPLICIT_WORDS_LIMITS.words} the list holds.`,
    };
  }
  return { ok: true, words };
}

/**
 * One warning per listed word found in a passage of the sample, matched as a whole word (not inside another word:
 * "cockpit" is not "cock"), whatever its case: ‘Sample contains “shit” in block 12’. In the passages' order.
 */
export function explicitWordWarnings(passages: readonly SamplePassage[], words: readonly string[]): string[] {
  const patterns = words
    .map((word) => word.trim())
    .filter((word) => word !== '')
    .map((word) => ({ word, pattern: wholeWord(word) }));
  const warnings: string[] = [];
  for (const passage of passages) {
    for (const { pattern } of patterns) {
      const found = pattern.exec(passage.text);
      if (found) warnings.push(`Sample contains “${found[1]}” in block ${passage.blockNumber}.`);
    }
  }
  return warnings;
}

// Letters, digits and marks make a word: a listed word must not have one right before or after it.
function wholeWord(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/\s+/gu, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(${escaped})(?![\\p{L}\\p{N}\\p{M}])`, 'iu');
}

/**
 * The settings of a retailer delivery with the user's list of explicit words (Settings → Explicit words) for its
 * retail sample's check: the dialog and `timbre` both send the list the app keeps. Without a profile, unchanged.
 */
export function withExplicitWords(
  settings: ProjectExportSettings,
  explicitWords: readonly string[],
): ProjectExportSettings {
  if (settings.retailProfile === undefined) return settings;
  return { ...settings, retailSample: { ...settings.retailSample, explicitWords: [...explicitWords] } };
}
