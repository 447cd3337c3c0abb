import type { SubtitleCue } from './subtitle-types.js';

/** `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT); hours grow past two digits if they must. */
export function formatTimestamp(ms: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const millis = total % 1000;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${separator}${pad(millis, 3)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** SubRip: numbered cues from 1, CRLF-free (LF) lines, a blank line after each cue. */
export function formatSrt(cues: readonly SubtitleCue[]): string {
  return cues
    .map((cue, index) => {
      const lines = cue.lines.map(sanitiseSrtLine).join('\n');
      return `${index + 1}\n${formatTimestamp(cue.startMs, ',')} --> ${formatTimestamp(cue.endMs, ',')}\n${lines}\n`;
    })
    .join('\n');
}

/** WebVTT: the WEBVTT header, then numbered cues; text is escaped so `<`, `>` and `&` show as typed. */
export function formatVtt(cues: readonly SubtitleCue[]): string {
  const body = cues
    .map((cue, index) => {
      const lines = cue.lines.map(escapeVttText).join('\n');
      return `${index + 1}\n${formatTimestamp(cue.startMs, '.')} --> ${formatTimestamp(cue.endMs, '.')}\n${lines}\n`;
    })
    .join('\n');
  return body.length > 0 ? `WEBVTT\n\n${body}` : 'WEBVTT\n';
}

// An arrow inside a cue's text would read as a timing line to some SRT parsers.
function sanitiseSrtLine(line: string): string {
  return line.replace(/-->/gu, '->');
}

function escapeVttText(line: string): string {
  return line.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}
