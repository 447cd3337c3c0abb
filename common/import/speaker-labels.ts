/**
 * `ALICE: Where were you?` → speaker "Alice"-as-written and the line. A label is a short name (up to four words,
 * 40 characters) that starts with a letter, followed by a colon and the line; times ("10:30"), URLs and sentences
 * that merely contain a colon ("Note that: …" has too many words or a lower-case start) are not labels.
 */
const LABEL = /^([\p{Lu}\p{Lt}][\p{L}\p{M}\p{N}'’.\- ]{0,39}?)\s*:\s+(\S.*)$/u;
const NOT_NAMES = new Set(['note', 'chapter', 'part', 'book', 'http', 'https', 'warning', 'example', 'tip']);

export interface LabelledLine {
  speaker: string;
  text: string;
}

export function speakerLabelOf(line: string): LabelledLine | null {
  const match = LABEL.exec(line.trim());
  if (!match) return null;
  const name = match[1]!.trim();
  const words = name.split(/\s+/u);
  if (words.length > 4) return null;
  if (NOT_NAMES.has(words[0]!.toLowerCase())) return null;
  return { speaker: displayName(name), text: match[2]!.trim() };
}

/** "ALICE" and "Alice" are one speaker: all-capitals names (the script convention) are shown in title case. */
export function displayName(name: string): string {
  const collapsed = name.replace(/\s+/gu, ' ').trim();
  if (collapsed !== collapsed.toUpperCase()) return collapsed;
  return collapsed
    .toLowerCase()
    .replace(/(^|[\s\-'’.])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}
