import { PROJECT_FILE_EXTENSION } from '../project/project-file.js';
import type { ParagraphMode } from '../text/index.js';
import type { ImportReading, ImportedScript } from './imported-script.js';
import { parseDelimited } from './delimited-script.js';
import { parseSubtitles } from './subtitle-script.js';
import { parseMarkdown, parsePlainText } from './text-script.js';

/** The files a script or book can be imported from, by extension. */
export const SCRIPT_FORMATS = {
  text: ['.txt', '.text'],
  markdown: ['.md', '.markdown'],
  csv: ['.csv'],
  tsv: ['.tsv', '.tab'],
  srt: ['.srt'],
  vtt: ['.vtt', '.webvtt'],
  html: ['.html', '.htm', '.xhtml'],
  docx: ['.docx'],
  epub: ['.epub'],
} as const;
export type ScriptFormat = keyof typeof SCRIPT_FORMATS;

/** Formats that are text the page can read and preview itself; the others are parsed by main. */
export type TextFormat = 'text' | 'markdown' | 'csv' | 'tsv' | 'srt' | 'vtt';

const TEXT_FORMATS: readonly ScriptFormat[] = ['text', 'markdown', 'csv', 'tsv', 'srt', 'vtt'];

export function isTextFormat(format: ScriptFormat): format is TextFormat {
  return TEXT_FORMATS.includes(format);
}

export const SCRIPT_FILE_EXTENSIONS = Object.values(SCRIPT_FORMATS).flat();

/** Each format as the user knows it, with the extension where the name alone does not say it. */
const SCRIPT_FORMAT_NAMES: Record<ScriptFormat, string> = {
  text: 'plain text (.txt)',
  markdown: 'Markdown (.md)',
  csv: 'CSV',
  tsv: 'TSV',
  srt: 'SubRip subtitles (.srt)',
  vtt: 'WebVTT subtitles (.vtt)',
  html: 'HTML',
  docx: 'Word (.docx)',
  epub: 'EPUB',
};

/** "plain text (.txt), Markdown (.md), CSV, TSV, SubRip…, HTML, Word (.docx) or EPUB": what a refusal tells the user to save as. */
export function importableFormatsText(): string {
  const names = Object.values(SCRIPT_FORMAT_NAMES);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
}

/** The format of a file by its extension; files without a known one are read as plain text. */
export function scriptFormatOf(fileName: string): ScriptFormat {
  const lower = fileName.toLowerCase();
  for (const [format, extensions] of Object.entries(SCRIPT_FORMATS) as [ScriptFormat, readonly string[]][]) {
    if (extensions.some((extension) => lower.endsWith(extension))) return format;
  }
  return 'text';
}

/**
 * Why a file is no script whatever it holds, or undefined. A project file would otherwise pass for plain text
 * (its extension is no script's) and its JSON, or its damage, be imported as lines to read aloud. The way to open
 * it is told as one that works in both shells: the browser shell has no file-manager double-click to offer.
 */
export function notAScript(fileName: string): string | undefined {
  return fileName.toLowerCase().endsWith(PROJECT_FILE_EXTENSION)
    ? 'it is a Timbre Studio project, not a script: to open it, copy it into the “projects” folder of the data folder (its path is in Settings, under Where your work is kept) and it appears on the Projects page'
    : undefined;
}

/** A subtitle file's start: the WebVTT signature, or SubRip's cue number (optional) and timing line. */
const WEBVTT_START = /^\uFEFF?WEBVTT(?:$|[ \t\r\n])/u;
const SRT_START = /^\uFEFF?\s*(?:\d+[ \t]*\r?\n[ \t]*)?\d+:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->/u;

/**
 * How pasted text is read: as subtitles when it starts as a WebVTT or SubRip file does (copied from a subtitle
 * editor), else as plain text.
 */
export function pastedTextFormat(text: string): 'text' | 'srt' | 'vtt' {
  if (WEBVTT_START.test(text)) return 'vtt';
  return SRT_START.test(text) ? 'srt' : 'text';
}

/** A text format parsed into a script (the same in the page's preview and in main's import). */
export function parseScriptText(
  text: string,
  format: TextFormat,
  paragraphs: ParagraphMode,
  reading: ImportReading,
): ImportedScript {
  switch (format) {
    case 'text':
      return parsePlainText(text, paragraphs, reading);
    case 'markdown':
      return parseMarkdown(text, reading);
    case 'csv':
      return parseDelimited(text, ',');
    case 'tsv':
      return parseDelimited(text, '\t');
    case 'srt':
    case 'vtt':
      return parseSubtitles(text, format, reading);
    default: {
      const exhaustive: never = format;
      throw new Error(`Unknown text format ${String(exhaustive)}`);
    }
  }
}
