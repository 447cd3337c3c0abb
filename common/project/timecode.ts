/*
 * Times as an editor types and reads them on a timed line: `m:ss.mmm`, `h:mm:ss.mmm` from an hour, or plain
 * seconds. Subtitle files' own `00:01:02,500` is accepted too (a comma before the milliseconds), so a time copied
 * from an SRT pastes as it is.
 */

/** `1:02.500`, `1:02:03.250`: to the millisecond, as a cue is timed. */
export function formatTimecode(ms: number): string {
  const whole = Number.isFinite(ms) && ms > 0 ? Math.round(ms) : 0;
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor((whole % 3_600_000) / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  const millis = String(whole % 1000).padStart(3, '0');
  const secondsText = `${String(seconds).padStart(2, '0')}.${millis}`;
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${secondsText}`
    : `${minutes}:${secondsText}`;
}

// A fraction of a second may have any number of digits (spreadsheets write 12.5678); it is rounded to the ms.
const TIMECODE = /^(?:(?:(\d+):)?(\d+):)?(\d+(?:[.,]\d+)?)$/u;

/**
 * Milliseconds of a typed time, or the rule it breaks in a sentence: "62.5", "1:02.5", "0:01:02,500". Minutes
 * and seconds after a colon must be under 60. The one reader of times, for the inspector and for timed sheets
 * (common/import/cue-times.ts words its refusals for a cell).
 */
export function parseTimecode(text: string): { ok: true; ms: number } | { ok: false; problem: string } {
  const match = TIMECODE.exec(text.trim());
  if (match === null) {
    return { ok: false, problem: 'Type a time as m:ss.mmm, h:mm:ss.mmm or seconds (for example 1:02.500).' };
  }
  const [, hoursText, minutesText, secondsText] = match;
  const hours = hoursText === undefined ? 0 : Number(hoursText);
  const minutes = minutesText === undefined ? 0 : Number(minutesText);
  const seconds = Number(secondsText!.replace(',', '.'));
  if (hoursText !== undefined && minutes >= 60) return { ok: false, problem: 'Minutes must be under 60.' };
  if (minutesText !== undefined && seconds >= 60) return { ok: false, problem: 'Seconds must be under 60.' };
  return { ok: true, ms: Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000) };
}
