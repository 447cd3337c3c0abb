import { describe, expect, it } from 'vitest';
import { buildSrt, formatSrtTime, wrapLines } from './srt.js';

describe('SRT', () => {
  it('formats times as HH:MM:SS,mmm', () => {
    expect(formatSrtTime(0)).toBe('00:00:00,000');
    expect(formatSrtTime(3723.4567)).toBe('01:02:03,457');
  });

  it('wraps at 42 characters on spaces', () => {
    const lines = wrapLines('The quick brown fox jumps over the lazy dog and keeps on running far away');
    expect(lines.every((line) => line.length <= 42)).toBe(true);
    expect(lines.join(' ')).toBe('The quick brown fox jumps over the lazy dog and keeps on running far away');
  });

  it('writes one numbered cue per sentence at its measured time', () => {
    expect(
      buildSrt([
        { startS: 0.05, endS: 0.8, text: 'Hello world.' },
        { startS: 1.15, endS: 1.9, text: 'This is a test.' },
      ]),
    ).toBe(
      '1\n00:00:00,050 --> 00:00:00,800\nHello world.\n\n2\n00:00:01,150 --> 00:00:01,900\nThis is a test.\n',
    );
  });

  it('splits a sentence longer than two lines into cues sharing its time', () => {
    const text = 'word '.repeat(40).trim();
    const srt = buildSrt([{ startS: 10, endS: 20, text }]);
    const cues = srt.trim().split('\n\n');
    expect(cues.length).toBeGreaterThan(1);
    expect(cues[0]).toMatch(/^1\n00:00:10,000 --> /);
    expect(cues.at(-1)).toMatch(/--> 00:00:20,000\n/);
    for (const cue of cues) expect(cue.split('\n').length).toBeLessThanOrEqual(4);
  });
});
