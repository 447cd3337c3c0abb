import { splitScript } from '../text/index.js';
import type { ImportBlock, ImportReading } from './imported-script.js';
import { scriptBlocks } from './imported-script.js';
import { parseMarkdown } from './text-script.js';

/** A line that is a Markdown heading of the levels that start chapters on import ("# One", "## The Storm"). */
const CHAPTER_HEADING_LINE = /^ {0,3}#{1,3}[ \t]+\S/mu;

/** Text pasted into a project is read as it is (no speaker labels, no dialogue split), as a plain paste always was. */
const PASTE_READING: ImportReading = { speakerLabels: false, quotedDialogue: false };

/**
 * The text blocks a paste of ordinary text makes, one per paragraph. Text with Markdown headings ("# Chapter One")
 * is read as an imported Markdown file is (parseMarkdown, then scriptBlocks), so each heading starts a chapter
 * named by it, and is its first spoken line; other text is split as before.
 */
export function pastedTextBlocks(text: string): Pick<ImportBlock, 'text' | 'chapterTitle'>[] {
  if (text.trim() === '') return [];
  if (!CHAPTER_HEADING_LINE.test(text)) return splitScript(text).map((paragraph) => ({ text: paragraph }));
  return scriptBlocks(parseMarkdown(text, PASTE_READING), {}).map(({ text: line, chapterTitle }) => ({
    text: line,
    ...(chapterTitle !== undefined ? { chapterTitle } : {}),
  }));
}
