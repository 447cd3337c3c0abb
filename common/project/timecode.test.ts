import { describe, expect, it } from 'vitest';
import { formatTimecode, parseTimecode } from './timecode.js';

describe('formatTimecode', () => {
  it('writes minutes, seconds and milliseconds, and hours from an hour', () => {
    expect(formatTimecode(62_500)).toBe('1:02.500');
    expect(formatTimecode(3_723_250)).toBe('1:02:03.250');
    expect(formatTimecode(-4)).toBe('0:00.000');
  });
});

describe('parseTimecode', () => {
  it('reads seconds, m:ss, h:mm:ss and an SRT time with its comma', () => {
    expect(parseTimecode('62.5')).toEqual({ ok: true, ms: 62_500 });
    expect(parseTimecode('1:02.5')).toEqual({ ok: true, ms: 62_500 });
    expect(parseTimecode(' 00:01:02,500 ')).toEqual({ ok: true, ms: 62_500 });
    expect(parseTimecode(formatTimecode(3_723_250))).toEqual({ ok: true, ms: 3_723_250 });
    // A spreadsheet's longer fraction is rounded to the millisecond.
    expect(parseTimecode('12.5678')).toEqual({ ok: true, ms: 12_568 });
  });

  it('says which rule a typed time breaks', () => {
    expect(parseTimecode('1:75')).toEqual({ ok: false, problem: 'Seconds must be under 60.' });
    expect(parseTimecode('1:60:00')).toEqual({ ok: false, problem: 'Minutes must be under 60.' });
    const wrong = parseTimecode('soon');
    expect(wrong.ok).toBe(false);
    expect(wrong.ok ? '' : wrong.problem).toContain('m:ss.mmm');
  });
});
