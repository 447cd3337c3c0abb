/** Text files larger than this are not scripts; refusing them early keeps a mistaken pick from freezing the app. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * Decodes a text file whose encoding is not declared: a byte-order mark decides (UTF-8, UTF-16 LE/BE); without
 * one, strict UTF-8, and if that fails, Windows-1252 (the usual encoding of older Western text files, and a
 * superset of Latin-1), so an import never fails on encoding alone.
 */
export function decodeTextFile(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Windows-1252 is ISO-8859-1 except for 0x80–0x9F, where it has curly quotes, dashes, € and so on. Decoded by
 * hand because Node's TextDecoder('windows-1252') gives the ISO-8859-1 control characters there.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += String.fromCharCode(
      byte >= 0x80 && byte <= 0x9f ? (WINDOWS_1252_HIGH[byte - 0x80] ?? byte) : byte,
    );
  }
  return text;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
