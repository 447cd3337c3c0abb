import { describe, expect, it } from 'vitest';
import { clipFileNames, sanitiseFileName } from './clip-file-names.js';

describe('sanitiseFileName', () => {
  it('replaces characters file systems refuse and trims dots and spaces', () => {
    expect(sanitiseFileName('  ../Chapter 1: "Intro"?  ')).toBe('_Chapter 1_ _Intro__');
    expect(sanitiseFileName('...')).toBe('clip');
    expect(sanitiseFileName('a'.repeat(300))).toHaveLength(120);
  });
});

describe('clipFileNames', () => {
  it('numbers clips in order with their ids, or uses the names given, without duplicates', () => {
    const names = clipFileNames(['intro', 'b2', 'b3', 'b4'], { b2: 'Scene', b3: 'scene', b4: 'a/b' }, 'wav');
    expect([...names.values()]).toEqual(['001-intro.wav', 'Scene.wav', 'scene-2.wav', 'a_b.wav']);
  });
});
