import { describe, expect, it, vi } from 'vitest';
import type { SegmentUpdate } from '../../common/generation/segment-updates.js';
import { createGenerationStore } from './generation-store.js';

const hash = (n: number): string => n.toString(16).padStart(64, '0');

const generated = (n: number, durationMs = 1000): SegmentUpdate => ({
  contentHash: hash(n),
  state: 'generated',
  audio: {
    cacheKey: hash(n + 100),
    durationMs,
    mediaPath: `/media/${hash(n + 100)}.mp3`,
    generatedAt: '2026-01-01T00:00:00.000Z',
  },
});

describe('generation store', () => {
  it('records jobs on their way and where generated audio plays, and a result ends its job', () => {
    const store = createGenerationStore();
    store.getState().receive([
      { contentHash: hash(1), state: 'pending', jobId: 'job-1' },
      { contentHash: hash(2), state: 'pending', jobId: 'job-2' },
      { contentHash: hash(3), state: 'pending', jobId: 'job-3' },
    ]);
    expect(store.getState().pending).toEqual({ [hash(1)]: 'job-1', [hash(2)]: 'job-2', [hash(3)]: 'job-3' });

    store
      .getState()
      .receive([
        generated(1),
        { contentHash: hash(2), state: 'failed', error: { code: 'x', message: 'no' } },
        { contentHash: hash(3), state: 'cancelled', jobId: 'job-3' },
      ]);
    expect(store.getState().pending).toEqual({});
    expect(store.getState().audio).toEqual({
      [hash(101)]: { mediaPath: `/media/${hash(101)}.mp3`, durationMs: 1000 },
    });
  });

  it('tells nobody when a report changes nothing (an opened audiobook reports every generated block)', () => {
    const store = createGenerationStore();
    const blocks = Array.from({ length: 50 }, (_, index) => generated(index));
    store.getState().receive(blocks);
    const before = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);

    store.getState().receive(blocks);
    store.getState().receive([{ contentHash: hash(7), state: 'cancelled', jobId: 'gone' }]);
    store
      .getState()
      .receiveMedia([{ cacheKey: hash(105), mediaPath: `/media/${hash(105)}.mp3`, durationMs: 1000 }]);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getState()).toBe(before);

    // What does change is recorded, in a new record; what did not keeps its own.
    store.getState().receive([generated(3, 1500)]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().audio[hash(103)]).toEqual({
      mediaPath: `/media/${hash(103)}.mp3`,
      durationMs: 1500,
    });
    expect(store.getState().audio).not.toBe(before.audio);
    expect(store.getState().pending).toBe(before.pending);
    store.getState().receiveMedia([{ cacheKey: hash(999), mediaPath: '/media/new.mp3', durationMs: 10 }]);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getState().audio[hash(999)]).toEqual({ mediaPath: '/media/new.mp3', durationMs: 10 });
  });
});
