import { describe, expect, it } from 'vitest';
import type { FollowState } from './video-sync.js';
import { CORRECTION_GAP_MS, JUMP_MS, MAX_SEEK_LEAD_MS, followAction, nextSeekLead } from './video-sync.js';

const base: FollowState = {
  playheadMs: 10_000,
  videoMs: 10_000,
  durationMs: 60_000,
  previewing: false,
  videoPaused: true,
  seeking: false,
  frameMs: 40,
  nowMs: 100_000,
  lastCorrectionAtMs: null,
  seekLeadMs: 80,
};
const state = (change: Partial<FollowState>): FollowState => ({ ...base, ...change });

describe('followAction when stopped (scrubbing, seeking, clicking the ruler)', () => {
  it('seeks to the playhead’s frame, and stays when already on it', () => {
    expect(followAction(state({ playheadMs: 12_345 }))).toEqual({
      kind: 'seek',
      toMs: 12_345,
      correction: false,
    });
    expect(followAction(state({ videoMs: 10_015 }))).toEqual({ kind: 'none' });
  });

  it('asks one seek at a time: while one runs, the next waits for it to finish', () => {
    expect(followAction(state({ playheadMs: 20_000, seeking: true }))).toEqual({ kind: 'none' });
  });

  it('pauses a video still playing after the preview stopped', () => {
    expect(followAction(state({ videoPaused: false, playheadMs: 11_000 }))).toEqual({
      kind: 'pause',
      toMs: 11_000,
    });
  });

  it('holds the last frame when the playhead is past the video’s end', () => {
    expect(followAction(state({ playheadMs: 75_000 }))).toEqual({
      kind: 'seek',
      toMs: 59_960,
      correction: false,
    });
    expect(followAction(state({ playheadMs: 75_000, previewing: true, videoPaused: false }))).toEqual({
      kind: 'pause',
      toMs: 59_960,
    });
  });
});

describe('followAction while the preview plays', () => {
  const playing = (change: Partial<FollowState>): FollowState =>
    state({ previewing: true, videoPaused: false, ...change });

  it('starts the video where the playhead will be once the seek is done', () => {
    expect(followAction(state({ previewing: true, videoPaused: true }))).toEqual({
      kind: 'play',
      fromMs: 10_080,
    });
  });

  it('leaves a drift of up to one frame alone (no constant seeks)', () => {
    expect(followAction(playing({ videoMs: 10_040 }))).toEqual({ kind: 'none' });
    expect(followAction(playing({ videoMs: 9_960 }))).toEqual({ kind: 'none' });
  });

  it('corrects a drift beyond one frame by one seek, aimed ahead by the seek’s measured time', () => {
    expect(followAction(playing({ videoMs: 9_900 }))).toEqual({
      kind: 'seek',
      toMs: 10_080,
      correction: true,
    });
  });

  it('does not correct again before the last correction settled, unless the playhead jumped', () => {
    const justCorrected = { lastCorrectionAtMs: base.nowMs - 200 };
    expect(followAction(playing({ videoMs: 9_900, ...justCorrected }))).toEqual({ kind: 'none' });
    expect(followAction(playing({ videoMs: 10_000 - JUMP_MS, ...justCorrected }))).toEqual({
      kind: 'seek',
      toMs: 10_080,
      correction: true,
    });
    expect(
      followAction(playing({ videoMs: 9_900, lastCorrectionAtMs: base.nowMs - CORRECTION_GAP_MS })),
    ).toEqual({ kind: 'seek', toMs: 10_080, correction: true });
  });

  it('waits for a seek in flight before judging the drift', () => {
    expect(followAction(playing({ videoMs: 5_000, seeking: true }))).toEqual({ kind: 'none' });
  });
});

describe('nextSeekLead', () => {
  it('moves a quarter of the way to the newest measure, within its cap', () => {
    expect(nextSeekLead(80, 160)).toBe(100);
    expect(nextSeekLead(80, -10)).toBe(60);
    expect(nextSeekLead(0, 10_000)).toBe(MAX_SEEK_LEAD_MS / 4);
  });
});
