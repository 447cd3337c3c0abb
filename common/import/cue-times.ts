import { parseTimecode } from '../project/timecode.js';

/**
 * A time in a timed script's cell, as spreadsheets and ElevenLabs' Voiceover Studio write them: seconds
 * ("12", "12.5", "12,5"), or a clock `H:MM:SS`, `HH:MM:SS,mmm` or `HH:MM:SS.mmm` (also `MM:SS.mmm`), read by the
 * editor's own timecode reader. Four colon-separated parts (`HH:MM:SS:FF`) are frames of a frame rate the file
 * does not give, so they are refused rather than guessed.
 */
export function parseCueTime(raw: string): { ok: true; ms: number } | { ok: false; problem: string } {
  const text = raw.trim();
  const parsed = parseTimecode(text);
  if (parsed.ok) return parsed;
  if (/^\d+:\d+:\d+:\d+$/u.test(text)) {
    return {
      ok: false,
      problem: `“${text}” looks like a timecode with frames (HH:MM:SS:FF); write it as HH:MM:SS,mmm or in seconds`,
    };
  }
  const rule = /under 60/u.test(parsed.problem)
    ? ` (${parsed.problem.toLowerCase().replace(/\.$/u, '')})`
    : '';
  return {
    ok: false,
    problem: `“${text}” is not a time${rule}: write seconds (12.5) or HH:MM:SS,mmm (00:00:12,500)`,
  };
}
