import type { TextEncoding } from '../../../common/text/index.js';
import {
  MAX_IMPORT_BYTES,
  chosenEncodingDoubt,
  decodeTextFile,
  formatBytes,
} from '../../../common/text/index.js';
import { importableFormatsText } from '../../../common/import/script-formats.js';

export type TextFileRead =
  | {
      ok: true;
      text: string;
      /** The encoding the text was read in (detected, or the one asked for). */
      encoding: TextEncoding;
      /** The encoding the file's byte-order mark names, when it has one. */
      mark?: TextEncoding;
      /** Why the encoding the user chose looks wrong for this file (common/text/encoding-doubt.ts). */
      doubt?: string;
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
      message: `“${file.name}” cannot be imported: it is ${kindOfFile(file.type)}, not text. Save the script as ${importableFormatsText()} and import that.`,
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
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
    decoded = decodeTextFile(bytes, encoding);
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
  // A choice the bytes do not bear out is said beside it; the choice still stands (the user may know better).
  const doubt = encoding === undefined ? undefined : chosenEncodingDoubt(bytes, decoded);
  return {
    ok: true,
    text,
    encoding: decoded.encoding,
    ...(mark ? { mark } : {}),
    ...(doubt !== undefined ? { doubt } : {}),
  };
}

/** Browsers type many text files (.txt, .md) as text/*, and leave the rest untyped; a typed non-text file is not a script. */
const TEXT_LIKE_TYPES = new Set([
  'application/json',
  'application/x-subrip',
  'application/xml',
  'application/xhtml+xml',
]);

/**
 * What a file that is no text is, in words, by the media type the browser gave it: a media type such as
 * "application/octet-stream" means nothing to most users.
 */
function kindOfFile(mediaType: string): string {
  const [group = '', subtype = ''] = mediaType.toLowerCase().split('/');
  if (group === 'image') return 'an image';
  if (group === 'audio') return 'an audio file';
  if (group === 'video') return 'a video';
  if (group === 'font') return 'a font';
  if (subtype === 'pdf') return 'a PDF document';
  if (/zip|compressed|x-tar|gzip|x-rar|x-7z|x-bzip/u.test(subtype)) return 'a compressed archive';
  if (/msword|ms-|opendocument|rtf|iwork|keynote|pages|numbers/u.test(subtype))
    return 'a document in a format the import does not read';
  if (
    /executable|msdownload|x-msdos|x-sharedlib|x-mach|java-archive|x-apple-diskimage|x-iso9660/u.test(subtype)
  )
    return 'a program or disk image';
  return 'a binary file';
}

function looksLikeText(file: Blob): boolean {
  return file.type === '' || file.type.startsWith('text/') || TEXT_LIKE_TYPES.has(file.type);
}

/** The staging accepts text media types only; browsers leave File.type empty for many text extensions. */
export function textMediaType(file: { type: string }): string {
  return /^text\/[\w.+-]+$/u.test(file.type) ? file.type : 'text/plain';
}
