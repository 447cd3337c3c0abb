import { describe, expect, it } from 'vitest';
import { formatDb, formatSpeech } from './format-audio.js';

describe('audio figures for people', () => {
  it('formats speech in tenths of a second, then minutes', () => {
    expect(formatSpeech(4.26)).toBe('4.2 s of speech');
    expect(formatSpeech(0)).toBe('0.0 s of speech');
    expect(formatSpeech(185)).toBe('3 min 05 s of speech');
  });

  it('formats levels with a real minus sign', () => {
    expect(formatDb(-20.04)).toBe('−20.0 dB');
    expect(formatDb(0)).toBe('0.0 dB');
    expect(formatDb(-100)).toBe('−∞ dB');
  });
});
