/**
 * Output file names of a batch: a template such as `{title} – {date}` filled in per project, then made safe as
 * one file name on Windows, macOS and Linux alike (a batch exported on one system may be copied to another).
 */

export const DEFAULT_NAME_TEMPLATE = '{title}';
const NAME_PLACEHOLDERS = ['title', 'file', 'date', 'index'] as const;
export type NamePlaceholder = (typeof NAME_PLACEHOLDERS)[number];

const MAX_TEMPLATE_LENGTH = 200;
/**
 * Longest base name in UTF-8 bytes. File systems allow 255 bytes per name; the engine's staging name adds 22
 * (`.<name>.<12 hex>.partial`), the extension 4 and a collision suffix up to 7 (` (999)`), with room to spare.
 */
export const MAX_BASE_NAME_BYTES = 180;
const FALLBACK_NAME = 'Untitled';

/** Windows refuses these as names, with or without an extension, in any letter case. */
const WINDOWS_DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/iu;

export interface NameValues {
  title: string;
  /** The project file's name without its extension. */
  file: string;
  /** When the export runs. */
  date: Date;
  /** 1-based position of the project in the batch it was added with, and how many were added. */
  index: number;
  count: number;
}

/** Why a template cannot be used, in words that follow the field's name, or null when it is fine. */
export function nameTemplateProblem(template: string): string | null {
  if (template.trim() === '') return 'must not be empty';
  if (template.length > MAX_TEMPLATE_LENGTH) return `must be at most ${MAX_TEMPLATE_LENGTH} characters`;
  for (const match of template.matchAll(/\{([^{}]*)\}/gu)) {
    const name = match[1] ?? '';
    if (!(NAME_PLACEHOLDERS as readonly string[]).includes(name)) {
      return `has an unknown placeholder {${name}} (use ${placeholderList()})`;
    }
  }
  if (/[{}]/u.test(template.replace(/\{[^{}]*\}/gu, ''))) {
    return `has an unmatched brace (placeholders are ${placeholderList()})`;
  }
  return null;
}

/** The template filled in and sanitised: a base name without extension, never empty. */
export function renderOutputName(template: string, values: NameValues): string {
  const width = String(Math.max(values.count, values.index)).length;
  const filled = template.replace(/\{(title|file|date|index)\}/gu, (_match, name: NamePlaceholder) => {
    switch (name) {
      case 'title':
        return values.title;
      case 'file':
        return values.file;
      case 'date':
        return localDate(values.date);
      case 'index':
        return String(values.index).padStart(width, '0');
      default: {
        const exhaustive: never = name;
        return exhaustive;
      }
    }
  });
  return sanitizeFileName(filled);
}

/**
 * One portable file name: no characters Windows refuses (`<>:"/\|?*`, controls), no trailing dots or spaces
 * (Windows drops them silently, so two names could meet), no leading dot (hidden on macOS and Linux), not a
 * Windows device name, NFC (macOS stores decomposed forms; comparing needs one), at most MAX_BASE_NAME_BYTES
 * cut between whole characters.
 */
export function sanitizeFileName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(/\s*:\s*/gu, ' - ')
    .replace(/[<>"/\\|?*]/gu, '-')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f-\u009f]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^[.\s]+/u, '');
  safe = truncateUtf8(safe, MAX_BASE_NAME_BYTES).replace(/[.\s]+$/u, '');
  if (safe === '') return FALLBACK_NAME;
  if (WINDOWS_DEVICE_NAMES.test(safe)) safe = `${safe}_`;
  return safe;
}

/** The base name with ` (n)` added, as file managers do, kept within the length limit. */
export function numberedName(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = ` (${n})`;
  const room = MAX_BASE_NAME_BYTES - Buffer.byteLength(suffix);
  return `${truncateUtf8(base, room).replace(/[.\s]+$/u, '')}${suffix}`;
}

/** Cuts between grapheme clusters (an emoji or an accented letter is never split) to at most `maxBytes`. */
function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let result = '';
  let bytes = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    const size = Buffer.byteLength(segment);
    if (bytes + size > maxBytes) break;
    result += segment;
    bytes += size;
  }
  return result;
}

function localDate(date: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function placeholderList(): string {
  return NAME_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
}
