import Papa from 'papaparse';
import type { ImportedScript } from './imported-script.js';
import { ScriptBuilder } from './text-script.js';
import { displayName } from './speaker-labels.js';
import type { SheetRow } from './timed-rows.js';
import { END_HEADERS, START_HEADERS, timedRows } from './timed-rows.js';

const SPEAKER_HEADERS = ['speaker', 'character', 'name', 'voice', 'role'];
const TEXT_HEADERS = ['text', 'line', 'dialogue', 'content', 'script', 'translation', 'transcription'];
const PAUSE_HEADERS = ['pause', 'pause_ms', 'pausems', 'pause (ms)', 'pause after', 'pauseafterms'];
const CHAPTER_HEADERS = ['chapter', 'scene', 'section'];
/** The longest pause a row may ask for (the same as the editor's pause field). */
const MAX_PAUSE_MS = 60_000;

/** Why a CSV or TSV cannot be imported: names the row and the column, as a spreadsheet user would look for it. */
class DelimitedScriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DelimitedScriptError';
  }
}

/**
 * A spreadsheet script: columns speaker and text, optionally pause (milliseconds after the line) and chapter, named
 * in a header row (any order, several usual names) or, without a header, in that order. Parsed by papaparse.
 * A header that also names a start column (and usually an end) makes it a timed script (timed-rows.ts).
 */
export function parseDelimited(text: string, delimiter: ',' | '\t'): ImportedScript {
  const sheet = sheetRows(text.replace(/^\uFEFF/u, ''), delimiter);
  const rows = sheet.map((row) => row.cells);
  if (rows.length === 0) throw new DelimitedScriptError('The file has no rows.');
  const header = rows[0]!.map((cell) => cell.trim().toLowerCase());
  const find = (names: string[]) => header.findIndex((cell) => names.includes(cell));
  const hasHeader = find(TEXT_HEADERS) >= 0;
  if (hasHeader && find(START_HEADERS) >= 0) {
    // A dubbing sheet has the source and its translation: the translation is what is spoken.
    const translation = find(['translation']);
    return timedRows(sheet.slice(1), {
      speaker: find(SPEAKER_HEADERS),
      text: translation >= 0 ? translation : find(TEXT_HEADERS),
      start: find(START_HEADERS),
      end: find(END_HEADERS),
      names: rows[0]!.map((cell) => cell.trim()),
    });
  }
  const columns = hasHeader
    ? {
        speaker: find(SPEAKER_HEADERS),
        text: find(TEXT_HEADERS),
        pause: find(PAUSE_HEADERS),
        chapter: find(CHAPTER_HEADERS),
      }
    : { speaker: 0, text: 1, pause: 2, chapter: -1 };
  if (!hasHeader && (rows[0]?.length ?? 0) < 2) {
    throw new DelimitedScriptError(
      'Row 1 has one column: a script file needs the columns speaker and text (and optionally pause), or a header row naming them.',
    );
  }
  const builder = new ScriptBuilder({ speakerLabels: false, quotedDialogue: false });
  let chapter: string | undefined;
  rows.slice(hasHeader ? 1 : 0).forEach((row, index) => {
    const rowNumber = index + (hasHeader ? 2 : 1);
    const cell = (column: number) => (column >= 0 ? (row[column] ?? '').trim() : '');
    const line = cell(columns.text);
    const nextChapter = cell(columns.chapter);
    if (nextChapter !== '' && nextChapter !== chapter) {
      chapter = nextChapter;
      builder.heading(nextChapter);
    }
    if (line === '') return;
    const pauseText = cell(columns.pause);
    let pauseAfterMs: number | undefined;
    if (pauseText !== '') {
      const value = Number(pauseText);
      if (!Number.isFinite(value) || value < 0 || value > MAX_PAUSE_MS) {
        throw new DelimitedScriptError(
          `Row ${rowNumber}, column pause: “${pauseText}” must be a number of milliseconds from 0 to ${MAX_PAUSE_MS}.`,
        );
      }
      pauseAfterMs = Math.round(value);
    }
    const speaker = cell(columns.speaker);
    builder.line({
      text: line.replace(/\s+/gu, ' '),
      ...(speaker !== '' && speaker.toLowerCase() !== 'narrator'
        ? { speaker: displayName(speaker).slice(0, 80) }
        : {}),
      ...(pauseAfterMs !== undefined ? { pauseAfterMs } : {}),
    });
  });
  return builder.script();
}

const LEADING_BLANKS = /\s*/uy;

/** The file's rows (blank lines skipped) with the line each starts on: a quoted cell may span lines. */
function sheetRows(text: string, delimiter: ',' | '\t'): SheetRow[] {
  const rows: SheetRow[] = [];
  let line = 1;
  let read = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step: (result) => {
      // The row starts at the first character that is not a line break or blank after the row before it.
      const end = result.meta.cursor;
      LEADING_BLANKS.lastIndex = read;
      const start = Math.min(end, read + (LEADING_BLANKS.exec(text)?.[0].length ?? 0));
      line += countLineBreaks(text, read, start);
      rows.push({ cells: result.data, line });
      line += countLineBreaks(text, start, end);
      read = end;
    },
  });
  return rows;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (
    let index = text.indexOf('\n', from);
    index !== -1 && index < to;
    index = text.indexOf('\n', index + 1)
  )
    count += 1;
  return count;
}
