import type { Block } from '../../../../common/project/project-schema.js';

/** The shortest row: its number and state line, and a text box that shows two full lines. */
export const SCRIPT_ROW_BASE_HEIGHT = 104;
const BASE_LINES = 2;
/** One more line of text (the text box's line height, 1.35 × its 14 px font). */
export const SCRIPT_LINE_HEIGHT = 19;
/** Past this many lines the text box scrolls inside its row: a 5,000-character block would fill screens. */
const MAX_LINES = 24;

/**
 * How tall a block's script row is, so its whole text shows (issue 17: 400–500-character blocks were clipped to
 * three lines). Lines are counted per paragraph of the text, `charsPerLine` characters to a line (measured from
 * the text box's width and font). An estimate: a line that wraps early at a long word costs the box a scroll,
 * never a clipped row. Not memoised: the script's row layout asks again only for blocks that changed
 * (virtual-window.ts), and a scan for line breaks costs less than a memo entry (a per-block memo and a split
 * into paragraphs took ~10 ms of a 10,000-block audiobook's first paint).
 */
export function scriptRowHeight(block: Block, charsPerLine: number): number {
  return scriptRowHeightOf('text' in block && typeof block.text === 'string' ? block.text : '', charsPerLine);
}

/** scriptRowHeight for a text as typed, before it is in the document. */
export function scriptRowHeightOf(text: string, charsPerLine: number): number {
  let lines = 0;
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    lines += paragraphLines(end - start, charsPerLine);
    start = end + 1;
  }
  lines += paragraphLines(text.length - start, charsPerLine);
  const extra = Math.min(MAX_LINES, lines) - BASE_LINES;
  return SCRIPT_ROW_BASE_HEIGHT + Math.max(0, extra) * SCRIPT_LINE_HEIGHT;
}

/** Lines a paragraph of `length` characters takes; an empty one still takes a line. */
function paragraphLines(length: number, charsPerLine: number): number {
  return Math.max(1, Math.ceil(length / charsPerLine));
}

/** Room the row and its text box take beside the text: row padding, box padding and borders, a scrollbar. */
const ROW_CHROME_PX = 20 + 16 + 2 + 16;
/** Average width of a character of English prose in the text box's font, where it cannot be measured. */
const FALLBACK_CHAR_PX = 7.4;
const SAMPLE = 'The keeper of the lighthouse wrote each night about ships, storms and the long grey sea.';

/** Characters of prose that fit on one line of a row `rowWidth` pixels wide, in the text boxes' font. */
export function charsPerLine(rowWidth: number, font: string | null): number {
  let charPx = FALLBACK_CHAR_PX;
  if (font !== null && typeof document !== 'undefined') {
    const context = document.createElement('canvas').getContext('2d');
    if (context !== null) {
      context.font = font;
      const measured = context.measureText(SAMPLE).width / SAMPLE.length;
      if (Number.isFinite(measured) && measured > 0) charPx = measured;
    }
  }
  return Math.max(10, Math.floor((rowWidth - ROW_CHROME_PX) / charPx));
}
