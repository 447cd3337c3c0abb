import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_FILE_BYTES } from '../rules/vocabulary.js';
import { pickRecordingSampleRate } from './recording-format.js';
import { wavByteLength } from './wav-encoder.js';

describe('pickRecordingSampleRate', () => {
  it('keeps 48 kHz while the WAV fits under the upload limit, then steps down', () => {
    expect(pickRecordingSampleRate(60)).toBe(48000);
    expect(pickRecordingSampleRate(18 * 60)).toBe(48000);
    expect(pickRecordingSampleRate(20 * 60)).toBe(24000);
    expect(pickRecordingSampleRate(40 * 60)).toBe(16000);
  });

  it('always picks a rate whose WAV fits when one exists', () => {
    for (const minutes of [1, 10, 18.2, 30, 36.4, 50, 54]) {
      const seconds = minutes * 60;
      const rate = pickRecordingSampleRate(seconds);
      expect(wavByteLength(Math.ceil(seconds * rate))).toBeLessThanOrEqual(MAX_UPLOAD_FILE_BYTES);
    }
  });
});
