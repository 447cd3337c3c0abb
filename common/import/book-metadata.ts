import type { ProjectMetadata } from '../project/project-metadata.js';
import { AUTHOR_MAX_LENGTH, LANGUAGE_TAG_PATTERN } from '../project/project-metadata.js';
import { LANGUAGES } from '../rules/vocabulary.js';

/**
 * A book's author, language and copyright line as a project keeps them, from what the book says: files give `en_US` (POSIX
 * locales in YAML and Word), `English` (a language's name in EPUB and Word properties) or a 300-character list of
 * contributors, and the project's metadata refuses all three. Metadata only describes the book, so it is made to
 * fit instead of failing the import: what cannot be read as a language is left out.
 */
export function bookMetadataOf(given: {
  author?: string | undefined;
  language?: string | undefined;
  copyright?: string | undefined;
}): Pick<ProjectMetadata, 'author' | 'language' | 'copyright'> {
  return {
    author: authorOf(given.author),
    language: languageOf(given.language),
    copyright: copyrightOf(given.copyright),
  };
}

/**
 * The book's rights line (EPUB's dc:rights, a YAML header's rights or copyright), which the closing credits end
 * with: a long notice ("© 2026 Ada Writer. All rights reserved. No part of…") is kept to its first sentence when
 * that fits, as the credits say only the copyright; else it is cut like an author.
 */
function copyrightOf(given: string | undefined): string | undefined {
  const copyright = given?.replace(/\s+/gu, ' ').trim();
  if (!copyright || copyright.length <= AUTHOR_MAX_LENGTH) return authorOf(copyright);
  const firstSentence = /^.*?[.!?](?= )/u.exec(copyright)?.[0];
  return authorOf(firstSentence ?? copyright);
}

/**
 * Whitespace made single spaces; over the limit, cut after the last whole name that fits (at a ",", ";" or "&"
 * between names), else after the last whole word, and marked with "…".
 */
function authorOf(given: string | undefined): string | undefined {
  const author = given?.replace(/\s+/gu, ' ').trim();
  if (!author) return undefined;
  if (author.length <= AUTHOR_MAX_LENGTH) return author;
  const room = author.slice(0, AUTHOR_MAX_LENGTH);
  // A boundary near the start would throw most of the room away: one very long name is cut inside it instead.
  const usable = (index: number): boolean => index > AUTHOR_MAX_LENGTH / 2;
  const betweenNames = Math.max(...[...room.matchAll(/\s*[,;&]\s*/gu)].map((match) => match.index));
  const betweenWords = room.slice(0, -1).lastIndexOf(' ');
  let kept = usable(betweenNames)
    ? room.slice(0, betweenNames)
    : room.slice(0, usable(betweenWords) ? betweenWords : AUTHOR_MAX_LENGTH - 1);
  // Never half of a character outside the Basic Multilingual Plane.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/**
 * A language tag: `en_US` and `en_US.UTF-8` read as `en-US`; a language's name ("English", "Français") as its
 * tag, for the languages the service speaks; anything else is left out.
 */
function languageOf(given: string | undefined): string | undefined {
  const trimmed = given?.trim();
  if (!trimmed) return undefined;
  const tag = trimmed.replace(/[.@].*$/u, '').replace(/_/gu, '-');
  if (LANGUAGE_TAG_PATTERN.test(tag)) return tag;
  // "English (United States)" is English.
  const name = trimmed.replace(/\s*\(.*\)\s*$/u, '').toLocaleLowerCase();
  return languageNames().get(name);
}

let namedLanguages: Map<string, string> | undefined;

/** Each language the service speaks by its English name and its own ("german" and "deutsch" → "de"). */
function languageNames(): Map<string, string> {
  if (namedLanguages !== undefined) return namedLanguages;
  namedLanguages = new Map();
  for (const code of LANGUAGES) {
    if (code === 'auto') continue;
    for (const locale of ['en', code]) {
      const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(code);
      if (name !== undefined) namedLanguages.set(name.toLocaleLowerCase(), code);
    }
  }
  return namedLanguages;
}
