import { describe, expect, it } from 'vitest';
import { validateVoiceCreation } from '../rules/voice-creation.js';
import { MAX_UPLOAD_FILE_BYTES } from '../rules/vocabulary.js';
import { checkPromptAudio, checkPromptSize, formatSeconds } from './prompt-check.js';

const MB = 1024 * 1024;

describe('checkPromptAudio', () => {
  it('refuses a file over 100 MB, saying how big it is', () => {
    const check = checkPromptAudio({ sizeBytes: 150 * MB, durationSeconds: 600, speechSeconds: 500 });
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'The file is 150.0 MB; the service accepts at most 100 MB. Use a shorter recording or a compressed format (MP3, M4A, Opus).',
    ]);
  });

  it('checks the size alone before decoding, naming the file', () => {
    expect(checkPromptSize(101 * MB, '“long.wav”')).toBe(
      '“long.wav” is 101.0 MB; the service accepts at most 100 MB. Use a shorter recording or a compressed format (MP3, M4A, Opus).',
    );
    expect(checkPromptSize(0)).toBe('The file is empty.');
    expect(checkPromptSize(MAX_UPLOAD_FILE_BYTES)).toBeNull();
  });

  it('accepts exactly 100 MB', () => {
    expect(
      checkPromptAudio({ sizeBytes: MAX_UPLOAD_FILE_BYTES, durationSeconds: 60, speechSeconds: 50 }).ok,
    ).toBe(true);
  });

  it('refuses under 3 s of speech, saying how much speech it found', () => {
    const check = checkPromptAudio({ sizeBytes: 90_000, durationSeconds: 2.1, speechSeconds: 1.74 });
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'Only 1.7 s of speech was found in 2.1 s of audio; the service needs at least 3 s of speech. Record or choose a longer sample.',
    ]);
    expect(check.advice).toEqual([]);
  });

  it('refuses empty files and files without audio', () => {
    expect(checkPromptAudio({ sizeBytes: 0, durationSeconds: 0, speechSeconds: 0 }).problems).toEqual([
      'The file is empty.',
      'The file has no audio in it.',
    ]);
  });

  it('advises by amount of speech: limited under 10 s, quick clone up to 3 min, professional from 30 min', () => {
    const advice = (speechSeconds: number): string[] =>
      checkPromptAudio({ sizeBytes: 1000, durationSeconds: speechSeconds, speechSeconds }).advice;
    expect(advice(3)).toEqual([
      '3.0 s of speech is enough to clone, but quality will be limited: 10 seconds to 3 minutes makes a good quick clone.',
    ]);
    expect(advice(9.9)[0]).toMatch(/quality will be limited/);
    expect(advice(10)).toEqual([
      'A good length for a quick clone. A professional clone wants 30 minutes of speech or more.',
    ]);
    expect(advice(180)[0]).toMatch(/^A good length for a quick clone/);
    expect(advice(181)[0]).toMatch(/^More than a quick clone needs/);
    expect(advice(1800)).toEqual(['Enough speech for a professional clone (30 minutes or more).']);
  });

  it('suggests trimming when most of the audio is not speech', () => {
    const check = checkPromptAudio({ sizeBytes: 1000, durationSeconds: 60, speechSeconds: 12 });
    expect(check.ok).toBe(true);
    expect(check.advice).toContain(
      'Only 12 s of the 1 min 00 s is speech: trim long silences, and record in a quiet room.',
    );
  });

  it('refuses exactly what the contract rules refuse for the prompt', () => {
    const cases = [
      { sizeBytes: MAX_UPLOAD_FILE_BYTES + 1, speechSeconds: 20 },
      { sizeBytes: MAX_UPLOAD_FILE_BYTES, speechSeconds: 20 },
      { sizeBytes: 5000, speechSeconds: 2.99 },
      { sizeBytes: 5000, speechSeconds: 3 },
    ];
    for (const prompt of cases) {
      const rules = validateVoiceCreation({ name: 'Ada', prompt }).filter((v) => v.field === 'prompt');
      expect(checkPromptAudio({ ...prompt, durationSeconds: 30 }).ok).toBe(rules.length === 0);
    }
  });
});

describe('formatSeconds', () => {
  it('reads naturally at every scale', () => {
    expect(formatSeconds(4.26)).toBe('4.2 s');
    expect(formatSeconds(42.9)).toBe('42 s');
    expect(formatSeconds(185)).toBe('3 min 05 s');
    expect(formatSeconds(3725)).toBe('1 h 02 min');
    expect(formatSeconds(Number.NaN)).toBe('0 s');
  });
});
