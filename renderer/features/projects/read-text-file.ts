import { formatBytes } from './project-format.js';

/**
 * Mirrors main's MAX_IMPORT_BYTES (main/services/projects/project-service.ts), which main enforces; checking it
 * here too keeps a mistaken pick (a video, say) from being read into the window just to be refused.
 */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;

export type TextFileRead = { ok: true; text: string } | { ok: false; message: string };

/**
 * Reads a picked or dropped text file for the preview, decoding it the way main will for the import: a
 * byte-order mark decides (UTF-8, UTF-16 LE/BE), otherwise strict UTF-8, otherwise Windows-1252 (Chromium's
 * TextDecoder maps 0x80–0x9F as Windows does, which is why main decodes that range by hand and this does not).
 */
export async function readTextFile(file: Blob & { name: string }): Promise<TextFileRead> {
  if (!looksLikeText(file)) {
    return {
      ok: false,
      message: `“${file.name}” is not a text file (${file.type}). Save the script as plain text (.txt) and import that.`,
    };
  }
  if (file.size === 0) return { ok: false, message: `“${file.name}” is empty: there is nothing to import.` };
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    return {
      ok: false,
      message: `“${file.name}” is ${formatBytes(file.size)}; a script to import may be at most ${formatBytes(MAX_IMPORT_FILE_BYTES)}.`,
    };
  }
  try {
    return { ok: true, text: decodeTextBytes(new Uint8Array(await file.arrayBuffer())) };
  } catch (error) {
    return {
      ok: false,
      message: `“${file.name}” could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

export function decodeTextBytes(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
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

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
