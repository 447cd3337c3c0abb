import { describe, expect, it } from 'vitest';
import { chapterFilesSummary } from './chapter-files-summary.js';

describe('chapterFilesSummary', () => {
  it('names the chapters written (from 1) and counts those kept', () => {
    expect(chapterFilesSummary([1, 6, 8], [0, 2, 3, 4, 5, 7, 9])).toBe(
      'Wrote 3 chapters (2, 7, 9); kept 7 unchanged.',
    );
    expect(chapterFilesSummary([0], [1])).toBe('Wrote 1 chapter (1); kept 1 unchanged.');
  });

  it('shortens runs of three or more and cuts a long list', () => {
    expect(chapterFilesSummary([3, 4, 5, 6, 9, 10], [0])).toBe(
      'Wrote 6 chapters (4–7, 10, 11); kept 1 unchanged.',
    );
    const everyOther = Array.from({ length: 30 }, (_, index) => index * 2);
    const sentence = chapterFilesSummary(everyOther, [1]);
    expect(sentence).toMatch(/^Wrote 30 chapters \(1, 3, 5, .*, 47, …\); kept 1 unchanged\.$/u);
  });

  it('says when every chapter was written, or none', () => {
    expect(chapterFilesSummary([0, 1, 2], [])).toBe('Wrote all 3 chapters.');
    expect(chapterFilesSummary([], [0, 1])).toBe('Kept all 2 chapters unchanged; none was written again.');
  });
});
