import { describe, expect, it } from 'vitest';
import { formatSrt, formatTimestamp, formatVtt } from './subtitle-format.js';

const cues = [
  { blockId: 'a', startMs: 1234, endMs: 3500.4, lines: ['Hello <b>world</b> & co', 'second --> line'] },
  { blockId: 'b', startMs: 3_723_004, endMs: 3_725_000, lines: ['Later.'] },
];

describe('formatTimestamp', () => {
  it('formats hours, minutes, seconds and milliseconds with the given separator', () => {
    expect(formatTimestamp(0, ',')).toBe('00:00:00,000');
    expect(formatTimestamp(3_723_004.4, '.')).toBe('01:02:03.004');
    expect(formatTimestamp(360_000_000, ',')).toBe('100:00:00,000');
  });
});

describe('formatSrt', () => {
  it('writes numbered cues separated by blank lines', () => {
    expect(formatSrt(cues)).toBe(
      '1\n00:00:01,234 --> 00:00:03,500\nHello <b>world</b> & co\nsecond -> line\n\n' +
        '2\n01:02:03,004 --> 01:02:05,000\nLater.\n',
    );
  });
});

describe('formatVtt', () => {
  it('writes the header and escapes markup characters', () => {
    expect(formatVtt(cues)).toBe(
      'WEBVTT\n\n1\n00:00:01.234 --> 00:00:03.500\nHello &lt;b&gt;world&lt;/b&gt; &amp; co\nsecond --&gt; line\n\n' +
        '2\n01:02:03.004 --> 01:02:05.000\nLater.\n',
    );
  });

  it('writes a valid empty file without cues', () => {
    expect(formatVtt([])).toBe('WEBVTT\n');
  });
});
