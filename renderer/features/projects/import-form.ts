import { scriptSplitSchema } from '../../../common/ipc/project-methods.js';
import type { ParagraphMode, ScriptSplitOptions } from '../../../common/text/index.js';
import type { ImportPreview, ImportReading } from '../../../common/import/imported-script.js';
import { previewImport, scriptBlocks } from '../../../common/import/imported-script.js';
import { parseScriptText, pastedTextFormat } from '../../../common/import/script-formats.js';
import type { TextFormat } from '../../../common/import/script-formats.js';

/** The split choices of the import dialog, as the user left them. */
export interface SplitForm {
  paragraphs: ParagraphMode;
  splitSentences: boolean;
  /** What is in the max-length box, checked by parseMaxLength. */
  maxLength: string;
}

export type MaxLengthCheck = { ok: true; value: number } | { ok: false; message: string };

/**
 * The max-length box checked with the rule main applies (the contract's scriptSplitSchema), so the message the
 * user sees names the same limit main would refuse.
 */
export function parseMaxLength(raw: string): MaxLengthCheck {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, message: 'Max characters per block is required.' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) {
    return { ok: false, message: 'Max characters per block must be a number of characters.' };
  }
  const checked = scriptSplitSchema.shape.maxLength.safeParse(value);
  if (!checked.success) {
    const problem = checked.error.issues[0]?.message ?? 'is not allowed';
    return { ok: false, message: `Max characters per block ${problem}.` };
  }
  return { ok: true, value };
}

/** The options sent to main and used for the preview; undefined while the max length is invalid. */
export function splitOptionsOf(form: SplitForm): ScriptSplitOptions | undefined {
  const maxLength = parseMaxLength(form.maxLength);
  if (!maxLength.ok) return undefined;
  return { paragraphs: form.paragraphs, splitSentences: form.splitSentences, maxLength: maxLength.value };
}

/**
 * How a text (pasted, or a text file read here) will become blocks: the same parser and splitScript main runs on
 * import, so the counts, chapters and speakers shown are what the project gets.
 */
export function previewScriptText(
  text: string,
  format: TextFormat,
  options: ScriptSplitOptions,
  reading: ImportReading,
  shown = 5,
): { ok: true; preview: ImportPreview } | { ok: false; message: string } {
  try {
    const script = parseScriptText(text, format, options.paragraphs ?? 'blank-lines', reading);
    return {
      ok: true,
      preview: previewImport(script, scriptBlocks(script, options, reading), shown, reading),
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const SUGGESTED_TITLE_LENGTH = 60;

/** A title for pasted text: its first line, cut at a word end to stay short. */
export function suggestTitle(text: string): string {
  // A subtitle file's first line is a cue number or its signature, no title.
  if (pastedTextFormat(text) !== 'text') return 'Imported subtitles';
  const firstLine =
    text
      .split(/\r\n?|\n/u)
      .map((line) => line.replace(/\s+/gu, ' ').trim())
      .find((line) => line !== '') ?? '';
  if (firstLine === '') return 'Imported script';
  if (firstLine.length <= SUGGESTED_TITLE_LENGTH) return firstLine;
  const cut = firstLine.slice(0, SUGGESTED_TITLE_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 20 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** `Chapter 1.txt` → `Chapter 1` (what main names a project imported from that file). */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
  return base === '' ? 'Imported text' : base.slice(0, 200);
}
