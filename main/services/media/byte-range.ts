/** A resolved byte range: `start` and `end` are inclusive offsets into the file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header against the size of the file (RFC 9110 §14):
 * - no header, another unit, or several ranges → `undefined` (answer 200 with the whole file; allowed by the RFC,
 *   and players only ask for one range);
 * - `bytes=a-b`, `bytes=a-` and `bytes=-n` → the range, its end clamped to the file;
 * - a `bytes=` header no byte of the file satisfies (start past the end, end before start, `-0`, garbage) →
 *   `'unsatisfiable'` (answer 416 with `Content-Range: bytes *\/size`).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  const unit = /^bytes\s*=/i.exec(trimmed);
  if (!unit) return undefined;
  const spec = trimmed.slice(unit[0].length).trim();
  if (spec.includes(',')) return undefined;
  const match = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!match) return 'unsatisfiable';
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return 'unsatisfiable';
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
