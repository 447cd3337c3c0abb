import { MAX_IMPORT_BYTES, decodeTextFile, formatBytes } from '../../../common/text/index.js';

export type TextFileRead = { ok: true; text: string } | { ok: false; message: string };

/**
 * Reads a picked or dropped text file for the preview, with main's own limit and decoding (common/text): a
 * byte-order mark decides (UTF-8, UTF-16 LE/BE), otherwise strict UTF-8, otherwise Windows-1252.
 */
export async function readTextFile(file: Blob & { name: string }): Promise<TextFileRead> {
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
  try {
    return { ok: true, text: decodeTextFile(new Uint8Array(await file.arrayBuffer())) };
  } catch (error) {
    return {
      ok: false,
      message: `“${file.name}” could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** Browsers type many text files (.txt, .md) as text/*, and leave the rest untyped; a typed non-text file is not a script. */
const TEXT_LIKE_TYPES = new Set(['application/json', 'application/x-subrip', 'application/xml']);

function looksLikeText(file: Blob): boolean {
  return file.type === '' || file.type.startsWith('text/') || TEXT_LIKE_TYPES.has(file.type);
}

/** The staging accepts text media types only; browsers leave File.type empty for many text extensions. */
export function textMediaType(file: { type: string }): string {
  return /^text\/[\w.+-]+$/u.test(file.type) ? file.type : 'text/plain';
}
