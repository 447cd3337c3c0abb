/**
 * A time in a timed script's cell, as spreadsheets and ElevenLabs' Voiceover Studio write them: seconds
 * ("12", "12.5", "12,5"), or a clock `H:MM:SS`, `HH:MM:SS,mmm` or `HH:MM:SS.mmm` (also `MM:SS.mmm`). A fraction
 * of a second is read as one ("1,5" is 1.5 s, not 1.005 s). Four colon-separated parts (`HH:MM:SS:FF`) are
 * frames of a frame rate the file does not give, so they are refused rather than guessed.
 */
const SECONDS = /^(\d+)(?:[.,](\d+))?$/u;
const CLOCK = /^(?:(\d+):)?([0-5]?\d):([0-5]?\d)(?:[.,](\d{1,3}))?$/u;

/** Milliseconds for the cell's time, or a sentence saying what is wrong with it. */
export function parseCueTime(raw: string): { ok: true; ms: number } | { ok: false; problem: string } {
  const text = raw.trim();
  const seconds = SECONDS.exec(text);
  if (seconds) {
    const fraction = seconds[2] ?? '';
    return { ok: true, ms: Number(seconds[1]) * 1000 + Math.round(Number(`0.${fraction || '0'}`) * 1000) };
  }
  const clock = CLOCK.exec(text);
  if (clock) {
    const [, hours = '0', minutes = '0', secs = '0', millis = ''] = clock;
    const fractionMs = millis === '' ? 0 : Math.round(Number(`0.${millis}`) * 1000);
    return {
      ok: true,
      ms: (Number(hours) * 3600 + Number(minutes) * 60 + Number(secs)) * 1000 + fractionMs,
    };
  }
  if (/^\d+:\d+:\d+:\d+$/u.test(text)) {
    return {
      ok: false,
      problem: `“${text}” looks like a timecode with frames (HH:MM:SS:FF); write it as HH:MM:SS,mmm or in seconds`,
    };
  }
  return {
    ok: false,
    problem: `“${text}” is not a time: write seconds (12.5) or HH:MM:SS,mmm (00:00:12,500)`,
  };
}
