/*
 * How the video follows the playhead. The preview's clock (timeline-preview.ts) leads; the <video> element is the
 * follower. Pure decisions, so the rules are tested without a media element:
 * - stopped (scrubbing, seeking, clicking the ruler): the video shows the playhead's frame, one seek at a time;
 * - playing: the video plays on its own and is corrected by a seek only when it drifts by more than a frame,
 *   aimed where the playhead will be once the seek is done, and not again before the last correction settled.
 */

/** Corrections while playing are at least this far apart, unless the drift is large (the user moved the playhead). */
export const CORRECTION_GAP_MS = 500;
/** A drift this large is a jump of the playhead, followed at once. */
export const JUMP_MS = 250;
/** The measured time a seek takes is kept within this (a stalled decoder must not send the video far ahead). */
export const MAX_SEEK_LEAD_MS = 300;

export interface FollowState {
  playheadMs: number;
  /** The element's currentTime, in ms. */
  videoMs: number;
  durationMs: number;
  /** The preview is playing. */
  previewing: boolean;
  videoPaused: boolean;
  /** A seek the follower asked for has not finished ('seeked' has not come). */
  seeking: boolean;
  frameMs: number;
  nowMs: number;
  /** When the follower last corrected the playing video, or null. */
  lastCorrectionAtMs: number | null;
  /** How long a seek takes here, measured (see nextSeekLead). */
  seekLeadMs: number;
}

export type FollowAction =
  | { kind: 'none' }
  | { kind: 'seek'; toMs: number; correction: boolean }
  | { kind: 'play'; fromMs: number }
  | { kind: 'pause'; toMs: number };

const NONE: FollowAction = { kind: 'none' };

/** The one thing the video element should do now to follow the playhead. */
export function followAction(state: FollowState): FollowAction {
  const lastFrameMs = Math.max(0, state.durationMs - state.frameMs);
  const targetMs = Math.min(Math.max(0, state.playheadMs), lastFrameMs);
  const pastEnd = state.playheadMs >= state.durationMs;
  if (!state.previewing || pastEnd) {
    // Stopped, or the speech runs on after the picture ends: the picture holds the playhead's (or the last) frame.
    if (!state.videoPaused) return { kind: 'pause', toMs: targetMs };
    // One seek at a time: while one runs, the playhead may move on; 'seeked' asks again with the newest time.
    if (state.seeking) return NONE;
    return Math.abs(state.videoMs - targetMs) > state.frameMs / 2
      ? { kind: 'seek', toMs: targetMs, correction: false }
      : NONE;
  }
  const aheadMs = Math.min(lastFrameMs, targetMs + state.seekLeadMs);
  if (state.videoPaused) return { kind: 'play', fromMs: aheadMs };
  if (state.seeking) return NONE;
  const drift = Math.abs(state.videoMs - state.playheadMs);
  if (drift <= state.frameMs) return NONE;
  const settled =
    state.lastCorrectionAtMs === null || state.nowMs - state.lastCorrectionAtMs >= CORRECTION_GAP_MS;
  return settled || drift >= JUMP_MS ? { kind: 'seek', toMs: aheadMs, correction: true } : NONE;
}

/**
 * The seek lead after a seek that took `measuredMs`: a running average (a quarter of the newest), so one slow seek
 * (a cold cache) does not throw the next correction far off.
 */
export function nextSeekLead(previousMs: number, measuredMs: number): number {
  const measured = Math.min(MAX_SEEK_LEAD_MS, Math.max(0, measuredMs));
  return Math.round(previousMs * 0.75 + measured * 0.25);
}
