/** Text files larger than this are not scripts; refusing them early keeps a mistaken pick from freezing the app. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The encodings a script file may be read in: what detection finds, and what the user may choose instead. */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** Each encoding as the import dialog names it. */
export const TEXT_ENCODING_NAMES: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
};

export type DecodedTextFile =
  | {
      ok: true;
      text: string;
      /** The encoding the text was read in: the one detected, or the one chosen. */
      encoding: TextEncoding;
      /** The encoding the file's byte-order mark names, when it starts with one (it may contradict `encoding`). */
      mark?: TextEncoding;
    }
  | {
      ok: false;
      /** Why the bytes are not text, as the end of a sentence starting with the file's name. */
      problem: string;
    };

/**
 * Decodes a text file whose encoding is not declared, or in the encoding the user chose. Detection: a byte-order
 * mark decides when the text after it is plausible in its encoding (a UTF-16 mark followed by valid UTF-8 without
 * a single NUL byte is a mislabelled UTF-8 file); without one, NUL bytes at every other position are UTF-16
 * (big-endian when they come first); otherwise strict UTF-8, and if that fails Windows-1252 (the usual encoding of
 * older Western text files, a superset of Latin-1). Bytes that decode to many control characters are binary, not
 * text, and are refused rather than imported as noise.
 */
export function decodeTextFile(bytes: Uint8Array, chosen?: TextEncoding): DecodedTextFile {
  const mark = byteOrderMarkOf(bytes);
  const content = mark ? bytes.subarray(BYTE_ORDER_MARKS[mark].length) : bytes;
  const markField = mark ? { mark } : {};
  if (chosen !== undefined) {
    // The user's choice is honoured as far as it goes: bytes it cannot read show as U+FFFD in the preview.
    const text = decode(content, chosen, false) ?? '';
    const problem = binaryProblem(text, chosen);
    return problem ? { ok: false, problem } : { ok: true, text, encoding: chosen, ...markField };
  }
  if (mark && markFits(content, mark)) {
    const text = decode(content, mark, true);
    if (text !== undefined && binaryProblem(text) === undefined)
      return { ok: true, text, encoding: mark, mark };
  }
  const { encoding, text } = sniff(content);
  const problem = binaryProblem(text);
  if (problem && isUtf32(bytes)) return { ok: false, problem: UTF_32_PROBLEM };
  return problem ? { ok: false, problem } : { ok: true, text, encoding, ...markField };
}

const UTF_32_PROBLEM =
  'it is in UTF-32, an encoding the import does not read; save it as UTF-8 (or UTF-16) and import that';

/**
 * UTF-32 (either byte order): its byte-order mark, or text whose characters take four bytes each, three of them
 * NUL for any character of the Latin, Greek or Cyrillic ranges. Only asked of bytes no supported encoding reads,
 * so that the refusal names the encoding rather than calling a subtitle file binary data.
 */
function isUtf32(bytes: Uint8Array): boolean {
  const starts = (prefix: readonly number[]) => prefix.every((byte, index) => bytes[index] === byte);
  if (starts([0xff, 0xfe, 0, 0]) || starts([0, 0, 0xfe, 0xff])) return true;
  const groups = Math.floor(Math.min(bytes.length, 4096) / 4);
  if (groups === 0) return false;
  let little = 0;
  let big = 0;
  for (let group = 0; group < groups; group += 1) {
    const [a, b, c, d] = [bytes[group * 4], bytes[group * 4 + 1], bytes[group * 4 + 2], bytes[group * 4 + 3]];
    if (a !== 0 && c === 0 && d === 0) little += 1;
    if (d !== 0 && a === 0 && b === 0) big += 1;
  }
  return Math.max(little, big) >= groups * 0.9;
}

const BYTE_ORDER_MARKS: Record<Exclude<TextEncoding, 'windows-1252'>, readonly number[]> = {
  'utf-8': [0xef, 0xbb, 0xbf],
  'utf-16le': [0xff, 0xfe],
  'utf-16be': [0xfe, 0xff],
};

function byteOrderMarkOf(bytes: Uint8Array): Exclude<TextEncoding, 'windows-1252'> | undefined {
  for (const [encoding, prefix] of Object.entries(BYTE_ORDER_MARKS)) {
    if (prefix.every((byte, index) => bytes[index] === byte)) {
      return encoding as Exclude<TextEncoding, 'windows-1252'>;
    }
  }
  return undefined;
}

/** A UTF-16 mark before bytes that are valid UTF-8 and hold no NUL (ASCII in UTF-16 always does) is wrong. */
function markFits(content: Uint8Array, mark: Exclude<TextEncoding, 'windows-1252'>): boolean {
  if (mark === 'utf-8' || content.length === 0) return true;
  return content.includes(0) || decode(content, 'utf-8', true) === undefined;
}

/**
 * The encoding of bytes without a (believable) mark. UTF-8 and Windows-1252 text never holds a NUL byte, and
 * text in UTF-16 nearly always does: every character of the ASCII range (spaces, newlines, digits, punctuation)
 * has one in its high byte, which comes second in little-endian and first in big-endian. Binary data has NULs
 * too, but does not decode to text in either order.
 */
function sniff(content: Uint8Array): { encoding: TextEncoding; text: string } {
  if (content.includes(0)) {
    for (const encoding of likelierUtf16First(content)) {
      const text = decode(content, encoding, true);
      if (text !== undefined && binaryProblem(text) === undefined) return { encoding, text };
    }
  }
  const utf8 = decode(content, 'utf-8', true);
  return utf8 === undefined
    ? { encoding: 'windows-1252', text: decodeWindows1252(content) }
    : { encoding: 'utf-8', text: utf8 };
}

/**
 * Both byte orders, the likelier first: the one in which more pairs are a space, tab or line break (any text has
 * those, even Chinese with its own punctuation); on a tie, the one with more NULs on the high side (a character
 * like 一, U+4E00, puts its NUL on the low side, so NULs alone can mislead).
 */
function likelierUtf16First(content: Uint8Array): ['utf-16le', 'utf-16be'] | ['utf-16be', 'utf-16le'] {
  let littleSpaces = 0;
  let bigSpaces = 0;
  let littleNuls = 0;
  let bigNuls = 0;
  for (let index = 0; index + 1 < content.length; index += 2) {
    const first = content[index] ?? 0;
    const second = content[index + 1] ?? 0;
    if (second === 0) {
      littleNuls += 1;
      if (isAsciiSpace(first)) littleSpaces += 1;
    }
    if (first === 0) {
      bigNuls += 1;
      if (isAsciiSpace(second)) bigSpaces += 1;
    }
  }
  const bigFirst = bigSpaces === littleSpaces ? bigNuls > littleNuls : bigSpaces > littleSpaces;
  return bigFirst ? ['utf-16be', 'utf-16le'] : ['utf-16le', 'utf-16be'];
}

function isAsciiSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** The text of `bytes` in `encoding`; strict decoding gives undefined for bytes the encoding cannot hold. */
function decode(bytes: Uint8Array, encoding: TextEncoding, strict: boolean): string | undefined {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  // A lone last byte of UTF-16 is a cut-off file, not a reason to read it in another encoding.
  const whole = encoding === 'utf-8' ? bytes : bytes.subarray(0, bytes.length - (bytes.length % 2));
  try {
    return new TextDecoder(encoding, { fatal: strict, ignoreBOM: true }).decode(whole);
  } catch {
    return undefined;
  }
}

/** Text may hold a stray control character; more than this share of them is binary data (or a wrong encoding). */
const MAX_CONTROL_SHARE = 0.02;

/**
 * C0 controls other than tab, line feed, vertical tab (Word's line break), form feed and return; DEL; C1. Counted
 * with a regular expression: a 20 MB file's characters are counted natively in milliseconds, not in a JS loop.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/gu;

/** Why decoded text is binary data rather than text, or undefined when it is text. */
function binaryProblem(text: string, chosen?: TextEncoding): string | undefined {
  // DOS ended text files with Ctrl-Z: that one is no sign of binary data.
  const dosEnd = text.endsWith('\u001a') ? 1 : 0;
  const length = text.length - dosEnd;
  const controls = (text.match(CONTROL_CHARACTERS)?.length ?? 0) - dosEnd;
  if (controls === 0 || controls <= length * MAX_CONTROL_SHARE) return undefined;
  const share = `${Math.max(1, Math.round((controls / length) * 100))}%`;
  return chosen === undefined
    ? `it is not a text file (${share} of it is control codes, as in a document, image or program file); save the script as plain text and import that`
    : `read as ${TEXT_ENCODING_NAMES[chosen]}, ${share} of it is control codes, so that is not its encoding; choose another`;
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
