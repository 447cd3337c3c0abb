import { comboLabel } from '../../common/commands/key-combo.js';
import type { CommandEntry } from './command-registry.js';

/*
 * The order the palette lists what a search finds, so Enter runs what the user most likely meant ("export" in the
 * editor exports; it does not go to the Exports page): what can run now first, then how well the title matches
 * (it starts with what was typed, then every word typed starts one of its words, then it holds them somewhere,
 * then only a key or the id holds them), then where the command acts (the view shown, then the app's own
 * commands, then going to a page), then the registry's order.
 */

// Higher is a better match of the title.
const TITLE_STARTS_WITH_QUERY = 3;
const EVERY_WORD_STARTS_A_TITLE_WORD = 2;
const TITLE_HOLDS_EVERY_WORD = 1;
const ONLY_KEYS_OR_ID = 0;

function titleMatch(title: string, query: string, words: readonly string[]): number {
  const lowered = title.toLowerCase();
  if (lowered.startsWith(query)) return TITLE_STARTS_WITH_QUERY;
  const titleWords = lowered.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.every((word) => titleWords.some((titleWord) => titleWord.startsWith(word)))) {
    return EVERY_WORD_STARTS_A_TITLE_WORD;
  }
  return words.every((word) => lowered.includes(word)) ? TITLE_HOLDS_EVERY_WORD : ONLY_KEYS_OR_ID;
}

/** Higher for a command of the view shown than for the app's own, and lowest for going to a page. */
function placeRank(entry: CommandEntry): number {
  if (entry.spec.scope !== 'app' && entry.offered) return 2;
  return entry.spec.goesToPage === true ? 0 : 1;
}

/**
 * The commands whose title, keys or id hold every word typed, best first (see above). With nothing typed, every
 * command in the registry's order, those that can run now first.
 */
export function rankCommands(entries: readonly CommandEntry[], query: string, mac: boolean): CommandEntry[] {
  const normalized = query.toLowerCase().trim().replace(/\s+/gu, ' ');
  const words = normalized.split(' ').filter(Boolean);
  const scored = entries.flatMap((entry, index) => {
    const text = [entry.spec.title, entry.spec.id, ...entry.keys.map((key) => comboLabel(key, mac))]
      .join(' ')
      .toLowerCase();
    if (!words.every((word) => text.includes(word))) return [];
    const searched = words.length > 0;
    return [
      {
        entry,
        index,
        enabled: entry.unavailableReason === null ? 1 : 0,
        match: searched ? titleMatch(entry.spec.title, normalized, words) : 0,
        place: searched ? placeRank(entry) : 0,
      },
    ];
  });
  scored.sort((a, b) => b.enabled - a.enabled || b.match - a.match || b.place - a.place || a.index - b.index);
  return scored.map(({ entry }) => entry);
}
