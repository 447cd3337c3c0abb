import { describe, expect, it } from 'vitest';
import { createTextBlock } from '../../../../common/project/index.js';
import {
  SCRIPT_LINE_HEIGHT,
  SCRIPT_ROW_BASE_HEIGHT,
  charsPerLine,
  scriptRowHeight,
} from './script-row-height.js';

describe('script row height', () => {
  const block = (text: string) => createTextBlock({ id: 'b', text });

  it('keeps short blocks at the base height and grows a row one line at a time', () => {
    expect(scriptRowHeight(block('A short line.'), 80)).toBe(SCRIPT_ROW_BASE_HEIGHT);
    expect(scriptRowHeight(block('x'.repeat(160)), 80)).toBe(SCRIPT_ROW_BASE_HEIGHT);
    expect(scriptRowHeight(block('x'.repeat(161)), 80)).toBe(SCRIPT_ROW_BASE_HEIGHT + SCRIPT_LINE_HEIGHT);
    // A 480-character block on 80-character lines: six lines, so four more than the base row shows.
    expect(scriptRowHeight(block('x'.repeat(480)), 80)).toBe(SCRIPT_ROW_BASE_HEIGHT + 4 * SCRIPT_LINE_HEIGHT);
  });

  it('counts each paragraph of the text on its own lines, and stops growing at 24 lines', () => {
    expect(scriptRowHeight(block('One.\nTwo.\nThree.\nFour.'), 80)).toBe(
      SCRIPT_ROW_BASE_HEIGHT + 2 * SCRIPT_LINE_HEIGHT,
    );
    expect(scriptRowHeight(block('x'.repeat(10_000)), 80)).toBe(
      SCRIPT_ROW_BASE_HEIGHT + 22 * SCRIPT_LINE_HEIGHT,
    );
  });

  it('follows the width: the same block is shorter in a wider script', () => {
    const text = block('x'.repeat(400));
    expect(scriptRowHeight(text, 50)).toBeGreaterThan(scriptRowHeight(text, 100));
  });

  it('fits characters to the row width, with a floor for very narrow rows', () => {
    // No canvas to measure with here: ~7.4 px a character.
    expect(charsPerLine(800, null)).toBe(Math.floor((800 - 54) / 7.4));
    expect(charsPerLine(40, null)).toBe(10);
  });
});
