import { STUDIO_LIMITS } from '../project/block-edits.js';
import { PROJECT_LIMITS, formatLimit } from '../project/project-limits.js';
import { MAX_SPEECH_LANES } from '../project/timing-schema.js';
import { formatTimestamp } from '../subtitles/subtitle-format.js';
import { codePointLength } from '../text/index.js';
import type { ImportedScript } from './imported-script.js';

/** One cue of a subtitle file or timed spreadsheet, as read: where it is in the file, its times and its words. */
export interface TimedCue {
  /** The file's line the cue starts on (its timing line, or its spreadsheet row), 1 first. */
  line: number;
  startMs: number;
  /** Absent in a spreadsheet row without an end: the line's slot then ends at the next line of its lane. */
  endMs?: number | undefined;
  text: string;
  /** Absent: the narrator. */
  speaker?: string | undefined;
}

/** Why a timed script cannot be imported: names the file's line and the rule, and nothing is created. */
export class TimedScriptError extends Error {
  constructor(line: number, problem: string) {
    super(`Line ${formatLimit(line)}: ${problem}`);
    this.name = 'TimedScriptError';
  }
}

/**
 * The cues as a script of timed lines, after the rules a project holds them to:
 * - at least one cue, at most as many as a project holds blocks, each within a block's and all within a
 *   project's characters (a timed script is never cut into several projects: its times belong to one video);
 * - each cue ends after it starts;
 * - each speaker speaks in a lane of their own, in the order they first speak (lane 0 first), so lines of
 *   different speakers may overlap (dialogue) while one speaker's lines may not. Past MAX_SPEECH_LANES speakers, a
 *   speaker shares the first lane none of whose lines their own overlap; where every lane has such a line, the
 *   import is refused at that line.
 * Lines keep the file's order; `separator` writes times in messages as the file does (`,` SRT, `.` WebVTT).
 */
export function timedScript(cues: readonly TimedCue[], separator: ',' | '.'): ImportedScript {
  const time = (ms: number): string => formatTimestamp(ms, separator);
  if (cues.length === 0) {
    throw new TimedScriptError(1, 'the file has no cues: there is nothing to make blocks from.');
  }
  let characters = 0;
  cues.forEach((cue, index) => {
    if (index === PROJECT_LIMITS.blocks) {
      throw new TimedScriptError(
        cue.line,
        `this is cue ${formatLimit(index + 1)} of ${formatLimit(cues.length)}; a project holds at most ${formatLimit(PROJECT_LIMITS.blocks)} blocks, and a timed script is imported into one project. Split the file.`,
      );
    }
    checkCueSpan(cue, separator);
    const length = codePointLength(cue.text);
    if (length > PROJECT_LIMITS.blockCharacters) {
      throw new TimedScriptError(
        cue.line,
        `the cue has ${formatLimit(length)} characters; a block holds at most ${formatLimit(PROJECT_LIMITS.blockCharacters)}.`,
      );
    }
    characters += length;
    if (characters > PROJECT_LIMITS.characters) {
      throw new TimedScriptError(
        cue.line,
        `the cues up to here have ${formatLimit(characters)} characters; a project holds at most ${formatLimit(PROJECT_LIMITS.characters)}. Split the file.`,
      );
    }
  });
  const lanes = speakerLanes(cues, time);
  return {
    chapters: [
      {
        lines: cues.map((cue) => ({
          text: cue.text,
          ...(cue.speaker !== undefined ? { speaker: cue.speaker } : {}),
          pauseAfterMs: 0,
          timing: {
            startMs: cue.startMs,
            ...(cue.endMs !== undefined ? { endMs: cue.endMs } : {}),
            lane: lanes.get(cue.speaker ?? '') ?? 0,
          },
        })),
      },
    ],
  };
}

/**
 * Refuses a cue that ends when or before it starts, or that sounds past the 24 hours a timeline holds (where a
 * timed line can no longer be moved, nor the project exported), naming its line.
 */
export function checkCueSpan(cue: Pick<TimedCue, 'line' | 'startMs' | 'endMs'>, separator: ',' | '.'): void {
  const time = (ms: number): string => formatTimestamp(ms, separator);
  const { max } = STUDIO_LIMITS.startMs;
  const endMs = cue.endMs ?? cue.startMs;
  if (endMs > max) {
    const [which, at] = cue.startMs > max ? ['starts', cue.startMs] : ['ends', endMs];
    throw new TimedScriptError(
      cue.line,
      `the cue ${which} at ${time(at)}, past ${time(max)}: a project's timeline holds at most 24 hours.`,
    );
  }
  if (cue.endMs === undefined || cue.endMs > cue.startMs) return;
  const rule = cue.endMs === cue.startMs ? 'ends when it starts' : 'ends before it starts';
  throw new TimedScriptError(
    cue.line,
    `the cue ${rule} (${time(cue.startMs)} --> ${time(cue.endMs)}); a cue’s end must come after its start.`,
  );
}

/** The lane of each speaker (by name, '' the narrator), after checking that no speaker's lines overlap. */
function speakerLanes(cues: readonly TimedCue[], time: (ms: number) => string): Map<string, number> {
  const bySpeaker = new Map<string, TimedCue[]>();
  for (const cue of cues) {
    const key = cue.speaker ?? '';
    const list = bySpeaker.get(key);
    if (list) list.push(cue);
    else bySpeaker.set(key, [cue]);
  }
  const laneCues: TimedCue[][] = [];
  const lanes = new Map<string, number>();
  for (const [speaker, own] of bySpeaker) {
    const sorted = [...own].sort(byStart);
    for (let index = 1; index < sorted.length; index += 1) {
      const earlier = sorted[index - 1]!;
      const later = sorted[index]!;
      if (overlaps(earlier, later)) {
        const whose = speaker === '' ? 'neither names a speaker' : `both are ${speaker}’s`;
        const [first, second] = earlier.line < later.line ? [earlier, later] : [later, earlier];
        throw new TimedScriptError(
          second.line,
          `this cue (${span(second, time)}) overlaps the one on line ${formatLimit(first.line)} (${span(first, time)}), and ${whose}: one speaker’s lines share a lane, where two lines cannot sound at once. End the earlier cue sooner or start the later one later.`,
        );
      }
    }
    const lane = laneCues.length < MAX_SPEECH_LANES ? laneCues.length : sharedLane(laneCues, sorted);
    if (lane === -1) {
      const first = sorted.find((cue) => laneCues.every((other) => clashWith(other, cue)));
      throw new TimedScriptError(
        (first ?? sorted[0]!).line,
        `${speaker || 'The narrator'} is speaker ${lanes.size + 1}; a project has ${MAX_SPEECH_LANES} speech lanes, and a speaker past the ${MAX_SPEECH_LANES}th shares a lane with speakers whose lines theirs never overlap, but this line overlaps a line on every lane. Give these lines to fewer speakers.`,
      );
    }
    if (lane === laneCues.length) laneCues.push([]);
    laneCues[lane]!.push(...sorted);
    laneCues[lane]!.sort(byStart);
    lanes.set(speaker, lane);
  }
  return lanes;
}

/** The first lane whose lines `cues` (sorted by start) never overlap, or -1. */
function sharedLane(laneCues: readonly TimedCue[][], cues: readonly TimedCue[]): number {
  return laneCues.findIndex((lane) => !cues.some((cue) => clashWith(lane, cue)));
}

/** Whether `cue` overlaps any line of `lane`. */
function clashWith(lane: readonly TimedCue[], cue: TimedCue): boolean {
  return lane.some((other) => (other.startMs <= cue.startMs ? overlaps(other, cue) : overlaps(cue, other)));
}

/** Whether `earlier` (by start) still sounds when `later` starts; a cue without an end holds only its start. */
function overlaps(earlier: TimedCue, later: TimedCue): boolean {
  return later.startMs < (earlier.endMs ?? earlier.startMs + 1);
}

function span(cue: TimedCue, time: (ms: number) => string): string {
  return cue.endMs === undefined
    ? `from ${time(cue.startMs)}`
    : `${time(cue.startMs)} --> ${time(cue.endMs)}`;
}

function byStart(a: TimedCue, b: TimedCue): number {
  return a.startMs - b.startMs || a.line - b.line;
}
