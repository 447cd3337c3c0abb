/**
 * A legitimate spreadsheet script of `megabytes` (issue 37 used 19.5 MB): columns speaker, text, pause, chapter;
 * four speakers in turn, quoted dialogue with doubled quotes, a pause on every seventh row and a chapter every
 * 2,000 rows, so it imports as several projects within one import's limits (7 parts at 19.5 MB).
 */
export function bigCsv(megabytes: number): { text: string; rows: number } {
  const speakers = ['Alice', 'Bob', 'Narrator', 'Martha'];
  const rows = ['speaker,text,pause,chapter'];
  const target = megabytes * 1024 * 1024;
  let size = rows[0]!.length + 1;
  let row = 0;
  while (size < target) {
    const line = [
      speakers[row % speakers.length],
      `"Line ${row}: the lantern swung over the harbour as the tide turned, and she said ""not yet, not while the boats are still out there"", watching them come in."`,
      row % 7 === 0 ? '400' : '',
      row % 2000 === 0 ? `Chapter ${row / 2000 + 1}` : '',
    ].join(',');
    rows.push(line);
    size += line.length + 1;
    row += 1;
  }
  return { text: rows.join('\n'), rows: row };
}
