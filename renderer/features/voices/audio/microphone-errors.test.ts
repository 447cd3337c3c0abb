import { describe, expect, it } from 'vitest';
import { describeMicrophoneError } from './microphone-errors.js';

describe('describeMicrophoneError', () => {
  it('treats a refused permission as denied, saying where to allow it', () => {
    const problem = describeMicrophoneError(new DOMException('Permission denied', 'NotAllowedError'));
    expect(problem.state).toBe('denied');
    expect(problem.message).toMatch(/Allow microphone access/);
    expect(problem.message).toMatch(/import a recording instead/);
  });

  it('treats a missing or vanished microphone as no device', () => {
    expect(describeMicrophoneError(new DOMException('none', 'NotFoundError')).state).toBe('no-device');
    const vanished = describeMicrophoneError(new DOMException('gone', 'OverconstrainedError'));
    expect(vanished).toMatchObject({ state: 'no-device' });
    expect(vanished.message).toMatch(/no longer available/);
  });

  it('explains a busy microphone and keeps unknown errors readable', () => {
    expect(describeMicrophoneError(new DOMException('busy', 'NotReadableError')).message).toMatch(
      /another app may be using it/,
    );
    const unknown = describeMicrophoneError(new TypeError('Something odd'));
    expect(unknown).toEqual({
      state: 'error',
      message:
        'The microphone could not be opened (Something odd). Try again, or import a recording instead.',
    });
  });
});
