import { groupedNumber } from '../text/grouped-number.js';

/**
 * How large a project may be: generous for a long audiobook (a 100,000-word novel is about 600,000 characters
 * in 2,000–6,000 blocks), small enough that a project file, its autosave and main's memory stay quick. Enforced
 * by the project schema (files, every IPC call that carries a project) and by text import, each time with a
 * message that names the limit.
 */
export const PROJECT_LIMITS = {
  /** Blocks on all tracks together. */
  blocks: 20_000,
  /** Characters of every block's text together. */
  characters: 3_000_000,
  /** Characters of one block's text (the longest block text import makes). */
  blockCharacters: 10_000,
  title: 200,
  /** Project and block ids. */
  id: 200,
  /** Voice, style, preset and language names and ids inside a block. */
  parameter: 200,
  url: 2048,
  /** Takes kept per block: past this, the oldest take that is neither pinned nor playing is dropped. */
  takesPerBlock: 20,
  /** Speakers in a project's cast, the narrator included. */
  speakers: 100,
  speakerName: 80,
  /** Pronunciation rules in one lexicon (a project's, or a service's). */
  lexiconRules: 5_000,
  lexiconTerm: 200,
  lexiconReplacement: 500,
} as const;

/** "20,000": limits read as people write numbers (the schemas' messages are built with it as they load). */
export function formatLimit(value: number): string {
  return groupedNumber(value);
}

/** Why a project of this many blocks and characters is over the limits, or null. */
export function projectSizeProblem(blocks: number, characters: number): string | null {
  if (blocks > PROJECT_LIMITS.blocks) {
    return `has ${formatLimit(blocks)} blocks; a project holds at most ${formatLimit(PROJECT_LIMITS.blocks)}. Split it into several projects.`;
  }
  if (characters > PROJECT_LIMITS.characters) {
    return `has ${formatLimit(characters)} characters of text; a project holds at most ${formatLimit(PROJECT_LIMITS.characters)}. Split it into several projects.`;
  }
  return null;
}
