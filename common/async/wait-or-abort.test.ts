import { describe, expect, it } from 'vitest';
import { waitOrAbort } from './wait-or-abort.js';

describe('waitOrAbort', () => {
  it('passes the value through, with or without a signal', async () => {
    expect(await waitOrAbort(Promise.resolve(3), undefined)).toBe(3);
    expect(await waitOrAbort(Promise.resolve(4), new AbortController().signal)).toBe(4);
  });

  it('stops waiting when the signal aborts, and refuses at once when it already has', async () => {
    const controller = new AbortController();
    const waiting = waitOrAbort(new Promise<never>(() => undefined), controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('Generation was cancelled');
    await expect(waitOrAbort(Promise.resolve(1), controller.signal, 'Stopped')).rejects.toThrow('Stopped');
  });

  it('turns a rejection that is not an Error into one', async () => {
    await expect(
      waitOrAbort(Promise.reject('plain words' as unknown as Error), new AbortController().signal),
    ).rejects.toThrow('plain words');
  });
});
