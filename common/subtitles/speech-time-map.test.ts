import { describe, expect, it } from 'vitest';
import { buildSpeechTimeMap } from './speech-time-map.js';

describe('buildSpeechTimeMap', () => {
  it('puts cue edges at the silences matched to punctuation', () => {
    const text = 'First sentence here. Second part, and the end.';
    const map = buildSpeechTimeMap(text, 6000, [
      { startMs: 0, endMs: 200 },
      { startMs: 2300, endMs: 2700 },
      { startMs: 4000, endMs: 4150 },
      { startMs: 5700, endMs: 6000 },
    ]);
    const second = text.indexOf('Second');
    expect(map.startOf(0)).toBe(200);
    expect(map.endOf(text.indexOf(' Second'))).toBe(2300);
    expect(map.startOf(second)).toBe(2700);
    expect(map.endOf(text.indexOf(' and'))).toBe(4000);
    expect(map.startOf(text.indexOf('and'))).toBe(4150);
    expect(map.endOf(text.length)).toBe(5700);
  });

  it('spreads letters evenly over the audio without silences', () => {
    const text = 'aaaa bbbb';
    const map = buildSpeechTimeMap(text, 8000);
    expect(map.startOf(0)).toBe(0);
    expect(map.startOf(5)).toBe(4000);
    expect(map.endOf(text.length)).toBe(8000);
  });

  it('skips a silence the text does not explain when placing a word inside a stretch of speech', () => {
    // Four equal words, a long unexplained pause between the second and third word.
    const text = 'aaaa bbbb cccc dddd';
    const map = buildSpeechTimeMap(text, 5000, [{ startMs: 2000, endMs: 3000 }]);
    expect(map.startOf(text.indexOf('cccc'))).toBe(3000);
    expect(map.endOf(text.indexOf(' cccc'))).toBe(2000);
    expect(map.startOf(text.indexOf('bbbb'))).toBe(1000);
  });

  it('spreads the text over the whole block when the audio is one long silence', () => {
    const map = buildSpeechTimeMap('Hello there', 1000, [{ startMs: 0, endMs: 1000 }]);
    expect(map.startOf(0)).toBe(0);
    expect(map.endOf(11)).toBe(1000);
  });
});
