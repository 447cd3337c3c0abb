import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordingSession } from './recording-session.js';
import { installFakeMedia } from './test-support/fake-media.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RecordingSession', () => {
  it('fails a stop still waiting for the recorder when the take is cancelled, and releases the microphone', async () => {
    const log = installFakeMedia();
    const session = await RecordingSession.open('', () => undefined);
    const stopping = session.stop();
    await session.cancel();
    await expect(stopping).rejects.toThrow('The take was cancelled before it was saved.');
    expect(log.tracksStopped).toBe(1);
    expect(log.contextsClosed).toBe(1);
  });
});
