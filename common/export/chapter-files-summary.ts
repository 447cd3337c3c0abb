/** Numbers or runs in a sentence: more are cut with "…" (the folder shows them all). */
const NUMBERS_SHOWN = 24;

/**
 * What a per-chapter export did with each chapter file, as the dialog, the Exports page and `timbre export` say it:
 * "Wrote 3 chapters (2, 7, 9); kept 21 unchanged." Numbers are the chapters' places in the export (the `{n}` of
 * their file names, from 1), runs of three or more shortened to "4–9".
 */
export function chapterFilesSummary(written: readonly number[], kept: readonly number[]): string {
  const total = written.length + kept.length;
  if (kept.length === 0) return `Wrote all ${chapters(total)}.`;
  if (written.length === 0) return `Kept all ${chapters(total)} unchanged; none was written again.`;
  return `Wrote ${chapters(written.length)} (${chapterNumbers(written)}); kept ${kept.length} unchanged.`;
}

function chapters(count: number): string {
  return `${count} chapter${count === 1 ? '' : 's'}`;
}

/** 1-based numbers of 0-based places, runs of three or more as "4–9", cut with "…" after NUMBERS_SHOWN parts. */
function chapterNumbers(places: readonly number[]): string {
  const numbers = [...places].sort((a, b) => a - b).map((place) => place + 1);
  const parts: string[] = [];
  let next = 0;
  while (next < numbers.length && parts.length < NUMBERS_SHOWN) {
    let end = next;
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end]! + 1) end += 1;
    if (end - next < 2) end = next;
    parts.push(end === next ? String(numbers[next]) : `${numbers[next]}–${numbers[end]}`);
    next = end + 1;
  }
  return next < numbers.length ? `${parts.join(', ')}, …` : parts.join(', ');
}
