import { PROJECT_LIMITS } from '../project/project-limits.js';
import { parseCueTime } from './cue-times.js';
import type { ImportedScript } from './imported-script.js';
import { displayName } from './speaker-labels.js';
import type { TimedCue } from './timed-cues.js';
import { TimedScriptError, timedScript } from './timed-cues.js';

/**
 * Column names of a timed script's start and end, as ElevenLabs' Voiceover Studio (`speaker,line,start_time,
 * end_time`), its Dubbing Studio (`speaker,start_time,end_time,transcription,translation`) and spreadsheets write
 * them. A header naming a start column makes the file a timed script; without one it is read as before.
 */
export const START_HEADERS = ['start', 'start_time', 'start time', 'starttime', 'start (s)', 'begin', 'in'];
export const END_HEADERS = ['end', 'end_time', 'end time', 'endtime', 'end (s)', 'out'];

/** A spreadsheet row and the file line it starts on. */
export interface SheetRow {
  cells: readonly string[];
  line: number;
}

interface TimedColumns {
  speaker: number;
  text: number;
  start: number;
  end: number;
  /** Each column's name as the header writes it, for messages. */
  names: readonly string[];
}

/**
 * The rows of a spreadsheet with start (and usually end) columns as a timed script: one timed line per row with
 * text, at its times, in its speaker's lane. A row without text is skipped; a row whose start is missing or is no
 * time refuses the file at its line, naming the column.
 */
export function timedRows(rows: readonly SheetRow[], columns: TimedColumns): ImportedScript {
  const cues: TimedCue[] = [];
  for (const { cells, line } of rows) {
    const cell = (column: number) => (column >= 0 ? (cells[column] ?? '').trim() : '');
    const text = cell(columns.text).replace(/\s+/gu, ' ');
    if (text === '') continue;
    const time = (column: number, required: boolean): number | undefined => {
      const raw = cell(column);
      const name = columns.names[column] ?? 'start';
      if (raw === '') {
        if (!required) return undefined;
        throw new TimedScriptError(
          line,
          `column ${name} is empty; every line of a timed script needs a start time.`,
        );
      }
      const parsed = parseCueTime(raw);
      if (!parsed.ok) throw new TimedScriptError(line, `column ${name}: ${parsed.problem}.`);
      return parsed.ms;
    };
    const startMs = time(columns.start, true)!;
    const endMs = time(columns.end, false);
    const speaker = cell(columns.speaker);
    cues.push({
      line,
      startMs,
      ...(endMs !== undefined ? { endMs } : {}),
      text,
      ...(speaker !== '' && speaker.toLowerCase() !== 'narrator'
        ? { speaker: displayName(speaker).slice(0, PROJECT_LIMITS.speakerName) }
        : {}),
    });
  }
  // Lines in time order, as the editor lists them; the file's order is kept among equal starts.
  return timedScript(
    [...cues].sort((a, b) => a.startMs - b.startMs),
    ',',
  );
}
