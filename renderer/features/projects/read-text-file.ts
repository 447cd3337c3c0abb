import type { TextEncoding } from '../../../common/text/index.js';
import { MAX_IMPORT_BYTES, decodeTextFile, formatBytes } from '../../../common/text/index.js';

export type TextFileRead =
  | {
      ok: true;
      text: string;
      /** The encoding the text was read in (detected, or the one asked for). */
      encoding: TextEncoding;
      /** The encoding the file's byte-order mark names, when it has one. */
      mark?: TextEncoding;
    }
  | {
      ok: false;
      message: string;
      /** The bytes did not read as text in that encoding: another encoding may read them. */
      encodingProblem?: true;
    };

/**
 * Reads a picked or dropped text file for the preview, with main's own limit and decoding (common/text): the
 * encoding is detected (byte-order mark, UTF-16 by its NUL bytes, UTF-8, else Windows-1252) unless the user chose
 * one, and bytes that are no text are refused.
 */
export async function readTextFile(
  file: Blob & { name: string },
  encoding?: TextEncoding,
): Promise<TextFileRead> {
  if (!looksLikeText(file)) {
    return {
      ok: false,
      message: `“${file.name}” is not a text file (${file.type}). Save the script as plain text (.txt) and import that.`,
    };
  }
  if (file.size === 0) return { ok: false, message: `“${file.name}” is empty: there is nothing to import.` };
  if (file.size > MAX_IMPORT_BYTES) {
    return {
      ok: false,
      message: `“${file.name}” is ${formatBytes(file.size)}; a script to import may be at most ${formatBytes(MAX_IMPORT_BYTES)}.`,
    };
  }
  let decoded;
  try {
    decoded = decodeTextFile(new Uint8Array(await file.arrayBuffer()), encoding);
  } catch (error) {
    return {
      ok: false,
      message: `“${file.name}” could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!decoded.ok) {
    return {
      ok: false,
      message: `“${file.name}” could not be read: ${decoded.problem}.`,
      encodingProblem: true,
    };
  }
  const { text, mark } = decoded;
  return { ok: true, text, encoding: decoded.encoding, ...(mark ? { mark } : {}) };
}

/** Browsers type many text files (.txt, .md) as text/*, and leave the rest untyped; a typed non-text file is not a script. */
const TEXT_LIKE_TYPES = new Set([
  'application/json',
  'application/x-subrip',
  'application/xml',
  'application/xhtml+xml',
]);

function looksLikeText(file: Blob): boolean {
  return file.type === '' || file.type.startsWith('text/') || TEXT_LIKE_TYPES.has(file.type);
}

/** The staging accepts text media types only; browsers leave File.type empty for many text extensions. */
export function textMediaType(file: { type: string }): string {
  return /^text\/[\w.+-]+$/u.test(file.type) ? file.type : 'text/plain';
}
