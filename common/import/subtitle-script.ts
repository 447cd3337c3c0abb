import webvtt from 'webvtt-parser';
import type { WebVttNode } from 'webvtt-parser';
import { PROJECT_LIMITS } from '../project/project-limits.js';
import type { ImportReading, ImportedScript } from './imported-script.js';
import { displayName, speakerLabelOf } from './speaker-labels.js';
import type { TimedCue } from './timed-cues.js';
import { TimedScriptError, checkCueSpan, timedScript } from './timed-cues.js';

/*
 * Subtitles are read by webvtt-parser, the W3C's own WebVTT parser and validator (CC0-1.0, no dependencies). It
 * was chosen over media-captions, subtitle and subsrt-ts because it is synchronous (the dialog previews as the
 * user picks, and main's worker reads the same way), strict (every error comes with its line and column, where
 * media-captions silently drops a cue that ends before it starts and subsrt-ts skips any block it cannot read)
 * and it parses a cue's text into a tree: voice tags, classes, timestamps and entities are the parser's
 * business, and the words are what is left. SubRip is read by the same parser, its timestamps' decimal comma
 * turned into WebVTT's point: SRT is WebVTT's ancestor and differs in little else.
 */

/** WebVTT's named character references; the parser's own defaults miss the `;` and leave "&;" for "&amp;". */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': '\u00a0',
  '&lrm;': '\u200e',
  '&rlm;': '\u200f',
  '&quot;': '"',
  '&apos;': "'",
};

const TIMING_ARROW = '-->';
/** Blocks of a WebVTT file that are no cue. */
const NOT_CUE_BLOCK = /^(?:NOTE|STYLE|REGION)(?:$|[ \t])/u;

/**
 * A SubRip (.srt) or WebVTT (.vtt) file as a timed script: one line per cue, at the cue's times, said by the
 * speaker its `<v Name>` tag or its `NAME:` prefix names (the prefix read only when the user reads labels).
 * Styling and positioning are dropped: tags (`<i>`, `<b>`, `<font>`, `<c.x>`, `<ruby>`'s annotation), `{\an8}`
 * overrides, cue settings and timestamps inside cues. A cue with no words (♪ alone) is not speech, and is left
 * out. Any broken cue refuses the whole file, naming its line.
 */
export function parseSubtitles(text: string, kind: 'srt' | 'vtt', reading: ImportReading): ImportedScript {
  const lines = text.replace(/^\uFEFF/u, '').split(/\r\n|\r|\n/u);
  if (kind === 'vtt' && !/^WEBVTT(?:$|[ \t])/u.test(lines[0] ?? '')) {
    throw new TimedScriptError(
      1,
      `a WebVTT file starts with the line “WEBVTT”, and this one starts with “${(lines[0] ?? '').slice(0, 40)}”. If it is SubRip, name it .srt.`,
    );
  }
  // SubRip as WebVTT: a signature and a blank line before it, the timestamps' decimal comma as a point, and <br>
  // (which some editors write) as a space. Line numbers are the file's: they are counted in `lines`.
  const body = lines.map((line) =>
    (kind === 'srt' && line.includes(TIMING_ARROW) ? line.replace(/(\d),(\d)/gu, '$1.$2') : line).replace(
      /<br\s*\/?>/giu,
      ' ',
    ),
  );
  const timings = timingLines(body, lines, kind === 'vtt');
  const parsed = new webvtt.WebVTTParser(ENTITIES).parse(
    (kind === 'srt' ? ['WEBVTT', '', ...body] : body).join('\n'),
    'metadata',
  );
  // The parser sorts its cues by start (then longest first); the timing lines sorted alike are their lines.
  const ordered = [...timings].sort((a, b) => a.startMs - b.startMs || b.endMs - a.endMs);
  if (ordered.length !== parsed.cues.length) {
    throw new TimedScriptError(
      1,
      'the file’s cues could not be told apart; check that a blank line ends each cue.',
    );
  }
  const cues: TimedCue[] = [];
  parsed.cues.forEach((cue, index) => {
    const words = cueWords(cue.tree.children, reading);
    if (words !== null) cues.push({ ...ordered[index]!, ...words });
  });
  const separator = kind === 'srt' ? ',' : '.';
  // In file order, and before wordless cues are left out: a cue that ends before it starts is refused all the same.
  for (const timing of timings) checkCueSpan(timing, separator);
  return timedScript(cues, separator);
}

interface TimingLine {
  line: number;
  startMs: number;
  endMs: number;
}

/**
 * The timing line of every cue, in file order, read with the parser's own timestamp rules; text that belongs to
 * no cue (a cue whose timing line is broken past recognition, a stray paragraph) refuses the file at its line.
 */
function timingLines(lines: readonly string[], written: readonly string[], vtt: boolean): TimingLine[] {
  const found: TimingLine[] = [];
  let blockStart = 0;
  for (let index = 0; index <= lines.length; index += 1) {
    if (index < lines.length && lines[index]!.trim() !== '') continue;
    const block = lines.slice(blockStart, index);
    const first = blockStart;
    blockStart = index + 1;
    // WebVTT's header block (the signature and its metadata lines) is no cue, unless a cue runs into it.
    const header = vtt && first === 0;
    if (block.length === 0 || (!header && NOT_CUE_BLOCK.test(block[0]!))) continue;
    let timed = false;
    block.forEach((line, within) => {
      if (!line.includes(TIMING_ARROW)) return;
      timed = true;
      found.push(timingOf(line, written[first + within] ?? line, first + within + 1));
    });
    if (!timed && !header) {
      throw new TimedScriptError(
        first + 1,
        `“${block[0]!.trim().slice(0, 60)}” belongs to no cue: a cue starts with its timing line, start --> end (00:00:01,000 --> 00:00:03,500). If this is a cue, its timing line is broken or missing.`,
      );
    }
  }
  return found;
}

/** The times of a timing line (`line` as WebVTT, `written` as the file has it, for the message). */
function timingOf(line: string, written: string, lineNumber: number): TimingLine {
  const problems: { message: string; column: number }[] = [];
  const cue: { startTime?: number; endTime?: number } = {};
  const parsed = new webvtt.WebVTTCueTimingsAndSettingsParser(line, (message, column) =>
    problems.push({ message, column }),
  ).parse(cue, 0);
  if (parsed === undefined || cue.startTime === undefined || cue.endTime === undefined) {
    const problem = problems[0];
    const why = problem ? ` at column ${problem.column}: ${problem.message.replace(/\.$/u, '')}` : '';
    throw new TimedScriptError(
      lineNumber,
      `the timing line “${written.trim().slice(0, 80)}” is broken${why}. A timing line reads start --> end, each as HH:MM:SS,mmm (SubRip) or HH:MM:SS.mmm (WebVTT).`,
    );
  }
  return {
    line: lineNumber,
    startMs: Math.round(cue.startTime * 1000),
    endMs: Math.round(cue.endTime * 1000),
  };
}

/** The words a cue says and who says them, or null when it says nothing (♪, a bare tag). */
function cueWords(
  nodes: readonly WebVttNode[],
  reading: ImportReading,
): { text: string; speaker?: string } | null {
  let voice: string | undefined;
  const collect = (list: readonly WebVttNode[]): string =>
    list
      .map((node) => {
        if (node.type === 'text') return node.value;
        if (node.type === 'timestamp') return '';
        // Ruby text is how the base is pronounced or glossed, not more words.
        if (node.name === 'rt') return '';
        if (node.name === 'v' && voice === undefined && node.value) voice = node.value.trim();
        return collect(node.children);
      })
      .join('');
  const words = collect(nodes)
    // Advanced SubStation overrides that SubRip editors leave in ({\an8}, {\i1}).
    .replace(/\{\\[^}]*\}/gu, '')
    // The dash that starts each speaker's line of a two-speaker cue marks the turn; it is not said.
    .replace(/^[ \t]*[-‐–—][ \t]+/gmu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(words)) return null;
  const labelled = voice === undefined && reading.speakerLabels ? speakerLabelOf(words) : null;
  const speaker = voice !== undefined && voice !== '' ? displayName(voice) : labelled?.speaker;
  const text = labelled ? labelled.text : words;
  return speaker === undefined || speaker.toLowerCase() === 'narrator'
    ? { text }
    : { text, speaker: speaker.slice(0, PROJECT_LIMITS.speakerName) };
}
