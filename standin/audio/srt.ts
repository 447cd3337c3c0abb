export interface Cue {
  startS: number;
  endS: number;
  text: string;
}

const MAX_LINE_CHARACTERS = 42;
const MAX_LINES = 2;

/** `HH:MM:SS,mmm` as SRT wants it. */
export function formatSrtTime(seconds: number): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)},${pad(ms, 3)}`;
}

/** Wraps text into lines of at most 42 characters at spaces (a word longer than a line stays whole). */
export function wrapLines(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= MAX_LINE_CHARACTERS) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * One cue per spoken sentence at its measured time; a sentence longer than two lines becomes several cues that
 * share its time in proportion to their characters, so cues never drift from the audio.
 */
export function buildSrt(sentences: readonly Cue[]): string {
  const cues: Cue[] = [];
  for (const sentence of sentences) {
    const lines = wrapLines(sentence.text);
    const groups: string[] = [];
    for (let i = 0; i < lines.length; i += MAX_LINES) groups.push(lines.slice(i, i + MAX_LINES).join('\n'));
    const totalCharacters = groups.reduce((sum, group) => sum + group.length, 0) || 1;
    let start = sentence.startS;
    for (const group of groups) {
      const end = start + ((sentence.endS - sentence.startS) * group.length) / totalCharacters;
      cues.push({ startS: start, endS: end, text: group });
      start = end;
    }
  }
  return cues
    .map(
      (cue, index) =>
        `${index + 1}\n${formatSrtTime(cue.startS)} --> ${formatSrtTime(cue.endS)}\n${cue.text}\n`,
    )
    .join('\n');
}
