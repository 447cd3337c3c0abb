/** Character classes the splitters need. Code points, so astral Han characters are handled too. */

/** Han, kana, Hangul and CJK/full-width punctuation: scripts written without spaces between words. */
function isCjkCodePoint(code: number): boolean {
  return (
    (code >= 0x3000 && code <= 0x30ff) ||
    (code >= 0x31f0 && code <= 0x31ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef) ||
    (code >= 0x20000 && code <= 0x2ebef)
  );
}

export function isCjkChar(char: string | undefined): boolean {
  return char !== undefined && isCjkCodePoint(char.codePointAt(0) ?? 0);
}

export function isWhitespace(char: string | undefined): boolean {
  return char !== undefined && /\s/u.test(char);
}

/** Closing quotes and brackets that belong to the sentence or clause they end. */
export const CLOSERS = new Set([
  '"',
  "'",
  '”',
  '’',
  '»',
  '›',
  ')',
  ']',
  '}',
  '」',
  '』',
  '）',
  '】',
  '〕',
  '》',
  '〉',
  '］',
]);

/** Opening quotes and brackets that may precede the first word of a sentence. */
export const OPENERS = new Set([
  '"',
  "'",
  '“',
  '‘',
  '«',
  '‹',
  '(',
  '[',
  '{',
  '「',
  '『',
  '（',
  '【',
  '〔',
  '《',
  '〈',
  '¿',
  '¡',
]);

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/**
 * Characters as users and the service count them: Unicode code points (an emoji or astral Han character is one).
 * Script splitting, the character hints and the credit estimates all use this one count.
 */
export function codePointLength(text: string): number {
  // Most text holds no high surrogate, and then every code unit is a character. The regular expression scans in
  // native code: listing a 55 MB library counted its text in ~3 ms instead of ~55 ms (the loop below). Not a
  // `u` expression, which would see a pair as one code point and not match it.
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}

/** Joins two pieces of text: a space between words, nothing where either side is CJK. */
export function joinPieces(left: string, right: string): string {
  if (left === '') return right;
  if (right === '') return left;
  const last = left.codePointAt(left.length - 1) ?? 0;
  const lastIsLow = last >= 0xdc00 && last <= 0xdfff;
  const lastChar = lastIsLow ? (left.codePointAt(left.length - 2) ?? 0) : last;
  return isCjkCodePoint(lastChar) || isCjkCodePoint(right.codePointAt(0) ?? 0)
    ? left + right
    : `${left} ${right}`;
}
