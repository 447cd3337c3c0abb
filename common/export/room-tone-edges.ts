import type { RenderPlan } from './render-plan.js';
import type { RoomToneSettings } from './room-tone.js';

/**
 * A file's plan with the head and tail a retailer asks for: everything moves so the first sound starts `headMs` in,
 * and the file ends `tailMs` after the last sound ends (the room-tone bed fills both). Lead-in silence longer than
 * the head is dropped, a shorter one grows; nothing that sounds is cut. A plan with no clips is left as it is.
 * Leading silence inside a source (a take's own breath before its first word) adds to the measured head, so
 * profiles aim for the short end of their window; the checks on the written files say if it still runs over.
 */
export function withRoomToneEdges(plan: RenderPlan, roomTone: RoomToneSettings | undefined): RenderPlan {
  if (!roomTone || (roomTone.headMs === undefined && roomTone.tailMs === undefined)) return plan;
  if (plan.clips.length === 0) return plan;
  const firstStart = Math.min(...plan.clips.map((clip) => clip.startMs));
  const lastEnd = Math.max(...plan.clips.map((clip) => clip.startMs + clip.durationMs));
  const shift = roomTone.headMs === undefined ? 0 : roomTone.headMs - firstStart;
  const durationMs =
    roomTone.tailMs === undefined ? plan.durationMs + shift : lastEnd + shift + roomTone.tailMs;
  return {
    ...plan,
    durationMs,
    clips: plan.clips.map((clip) => ({ ...clip, startMs: clip.startMs + shift })),
    cues: plan.cues.map((cue) => ({ ...cue, startMs: Math.max(0, cue.startMs + shift) })),
  };
}
