import { describe, expect, it } from 'vitest';
import { formatFrameTimecode, frameMs } from './video-clock.js';

describe('formatFrameTimecode', () => {
  it('counts frames at 25 fps, the frame showing at a time (39 ms is still frame 0, 40 ms frame 1)', () => {
    expect(formatFrameTimecode(0, 25)).toBe('00:00:00:00');
    expect(formatFrameTimecode(39, 25)).toBe('00:00:00:00');
    expect(formatFrameTimecode(40, 25)).toBe('00:00:00:01');
    expect(formatFrameTimecode(999, 25)).toBe('00:00:00:24');
    expect(formatFrameTimecode(1000, 25)).toBe('00:00:01:00');
    expect(formatFrameTimecode(3_723_960, 25)).toBe('01:02:03:24');
  });

  it('counts at the video’s own rate, and 30 frames a second at 29.97 fps (non-drop)', () => {
    expect(formatFrameTimecode(500, 50)).toBe('00:00:00:25');
    expect(formatFrameTimecode(999, 29.97)).toBe('00:00:00:29');
    expect(formatFrameTimecode(1_002, 29.97)).toBe('00:00:01:00');
  });

  it('falls back to 25 fps when the container does not tell, and reads below zero as zero', () => {
    expect(formatFrameTimecode(80, undefined)).toBe('00:00:00:02');
    expect(formatFrameTimecode(80, 0)).toBe('00:00:00:02');
    expect(formatFrameTimecode(-5, 25)).toBe('00:00:00:00');
    expect(formatFrameTimecode(Number.NaN, 25)).toBe('00:00:00:00');
  });

  it('gives one frame’s length as the sync tolerance', () => {
    expect(frameMs(25)).toBe(40);
    expect(frameMs(undefined)).toBe(40);
    expect(frameMs(50)).toBe(20);
  });
});
