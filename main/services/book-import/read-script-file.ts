import type { ImportReading, ImportedScript } from '../../../common/import/imported-script.js';
import type { ScriptFormat } from '../../../common/import/script-formats.js';
import { notAScript, parseScriptText, scriptFormatOf } from '../../../common/import/script-formats.js';
import { ScriptBuilder } from '../../../common/import/text-script.js';
import type { ParagraphMode, TextEncoding } from '../../../common/text/index.js';
import { decodeTextFile } from '../../../common/text/index.js';
import { BookLimitError } from './book-zip.js';
import { parseDocx } from './docx-script.js';
import { parseEpub } from './epub-script.js';
import { feedHtml } from './html-script.js';

/** A file that cannot be imported: the message names the file and the problem, and says nothing was created. */
class ScriptFileError extends Error {
  constructor(
    readonly fileName: string,
    problem: string,
  ) {
    super(`“${fileName}” could not be imported: ${problem.replace(/\.$/u, '')}. Nothing was created.`);
    this.name = 'ScriptFileError';
  }
}

interface ReadOptions {
  paragraphs: ParagraphMode;
  reading: ImportReading;
  /** The encoding the user chose for a text or HTML file; detected when absent. */
  encoding?: TextEncoding | undefined;
}

/** Reads a script or book file of any supported format (by its extension) into chapters of lines. */
export async function readScriptFile(
  bytes: Uint8Array,
  fileName: string,
  options: ReadOptions,
): Promise<ImportedScript> {
  const refusal = notAScript(fileName);
  if (refusal !== undefined) throw new ScriptFileError(fileName, refusal);
  const format: ScriptFormat = scriptFormatOf(fileName);
  let script: ImportedScript;
  try {
    script = await parse(bytes, format, options);
  } catch (error) {
    throw new ScriptFileError(fileName, describe(format, error));
  }
  if (script.chapters.length === 0) throw new ScriptFileError(fileName, 'it contains no text to read aloud');
  return script;
}

async function parse(bytes: Uint8Array, format: ScriptFormat, options: ReadOptions): Promise<ImportedScript> {
  switch (format) {
    case 'text':
    case 'markdown':
    case 'csv':
    case 'tsv':
    case 'srt':
    case 'vtt':
      return parseScriptText(decodedText(bytes, options), format, options.paragraphs, options.reading);
    case 'html': {
      const builder = new ScriptBuilder(options.reading);
      return builder.script(feedHtml(decodedText(bytes, options), builder));
    }
    case 'docx':
      return parseDocx(bytes, options.reading);
    case 'epub':
      return parseEpub(bytes, options.reading);
    default: {
      const exhaustive: never = format;
      throw new Error(`Unknown format ${String(exhaustive)}`);
    }
  }
}

/** The file's text, in the encoding chosen or detected; bytes that are no text are refused, not imported. */
function decodedText(bytes: Uint8Array, options: ReadOptions): string {
  const decoded = decodeTextFile(bytes, options.encoding);
  if (!decoded.ok) throw new Error(decoded.problem);
  return decoded.text;
}

function describe(format: ScriptFormat, error: unknown): string {
  // Over a size limit: the message says which, and what to do; the book is not called damaged.
  if (error instanceof BookLimitError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (format === 'docx' && /zip|central directory|end of data/iu.test(message)) {
    return 'it is not a Word document (.docx is a zip archive, and this file is not one)';
  }
  if (format === 'docx') return `the Word document is damaged (${message})`;
  if (format === 'epub') return `the EPUB is damaged: ${message}`;
  return message;
}
