import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportProgress } from './export-types.js';
import { ProgressTracker } from './progress-tracker.js';

describe('ProgressTracker', () => {
  afterEach(() => vi.useRealTimers());

  it('weighs each phase into the overall fraction, and never sends a lower one than before', () => {
    vi.useFakeTimers({ now: 0 });
    const sent: ExportProgress[] = [];
    const tracker = new ProgressTracker({ decode: 0.25, render: 0.5, subtitles: 0.25 }, (progress) =>
      sent.push(progress),
    );
    tracker.report('decode', 1);
    tracker.report('render', 0.8);
    expect(sent.at(-1)).toEqual({ phase: 'render', phaseFraction: 0.8, fraction: 0.65 });
    // A split MP3 encode abandoned at its join is encoded again in one pass: its own fraction starts lower.
    vi.advanceTimersByTime(200);
    tracker.report('render', 0.7);
    expect(sent.at(-1)).toEqual({ phase: 'render', phaseFraction: 0.8, fraction: 0.65 });
    // A decode lane that reports after rendering began does not take the bar back either.
    tracker.report('decode', 0.9);
    expect(sent.at(-1)).toMatchObject({ fraction: 0.65 });
    vi.advanceTimersByTime(200);
    tracker.report('render', 0.9);
    expect(sent.at(-1)).toEqual({ phase: 'render', phaseFraction: 0.9, fraction: 0.7 });
    tracker.report('subtitles', 1);
    expect(sent.at(-1)).toEqual({ phase: 'subtitles', phaseFraction: 1, fraction: 1 });
    const fractions = sent.map((progress) => progress.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });
});
