// Characters no common file system accepts in a name (control characters are refused too).
const FORBIDDEN = new Set(['<', '>', ':', '"', '/', '\\', '|', '?', '*']);
const MAX_NAME_LENGTH = 120;

function isForbidden(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || FORBIDDEN.has(char);
}

/** A safe file name (no extension) from user text: forbidden characters become "_", no leading dots. */
export function sanitiseFileName(name: string): string {
  const cleaned = [...name]
    .map((char) => (isForbidden(char) ? '_' : char))
    .join('')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^\.+/u, '')
    .replace(/[. ]+$/u, '');
  const short = [...cleaned].slice(0, MAX_NAME_LENGTH).join('');
  return short.length > 0 ? short : 'clip';
}

/**
 * File names for clips in timeline order: the caller's name for a clip if given, else its position and
 * id ("003-intro"); names that repeat (case-insensitively, for macOS and Windows) get "-2", "-3"...
 */
export function clipFileNames(
  clipIds: readonly string[],
  custom: Readonly<Record<string, string>> = {},
  extension: string,
): Map<string, string> {
  const width = Math.max(3, String(clipIds.length).length);
  const taken = new Set<string>();
  const names = new Map<string, string>();
  clipIds.forEach((id, index) => {
    const base = sanitiseFileName(custom[id] ?? `${String(index + 1).padStart(width, '0')}-${id}`);
    let name = `${base}.${extension}`;
    for (let suffix = 2; taken.has(name.toLowerCase()); suffix += 1) name = `${base}-${suffix}.${extension}`;
    taken.add(name.toLowerCase());
    names.set(id, name);
  });
  return names;
}
