/** One cue of an SRT file as a journey reads it back: times in milliseconds, its lines joined by a space. */
export interface SrtCue {
  startMs: number;
  endMs: number;
  text: string;
}

function parseSrtTime(text: string): number {
  const [hms = '', ms = '0'] = text.trim().split(',');
  const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
  return ((h * 60 + m) * 60 + s) * 1000 + Number(ms);
}

/** The cues of an exported SRT file, in file order. */
export function parseSrt(text: string): SrtCue[] {
  return text
    .trim()
    .split(/\r?\n\r?\n/u)
    .map((cue) => {
      const lines = cue.split(/\r?\n/u);
      const [start = '', end = ''] = (lines[1] ?? '').split(' --> ');
      return { startMs: parseSrtTime(start), endMs: parseSrtTime(end), text: lines.slice(2).join(' ') };
    });
}
