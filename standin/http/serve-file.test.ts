import { describe, expect, it } from 'vitest';
import { contentTypeForFile, parseRange } from './serve-file.js';

describe('parseRange', () => {
  it('reads a closed, an open and a suffix range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('clamps an end past the file and answers unsatisfiable starts with 416', () => {
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=20-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores absent, multi-range and malformed headers (whole file)', () => {
    expect(parseRange(undefined, 1000)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
  });
});

describe('contentTypeForFile', () => {
  it('names audio, subtitle and image types by extension', () => {
    expect(contentTypeForFile('/x/merged.mp3')).toBe('audio/mpeg');
    expect(contentTypeForFile('/x/a.WAV')).toBe('audio/wav');
    expect(contentTypeForFile('/x/s.srt')).toMatch(/^application\/x-subrip/);
    expect(contentTypeForFile('/x/p.webm')).toBe('audio/webm');
    expect(contentTypeForFile('/x/unknown.bin')).toBe('application/octet-stream');
  });
});
