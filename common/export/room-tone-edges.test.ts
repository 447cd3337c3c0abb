import { describe, expect, it } from 'vitest';
import type { RenderClip, RenderPlan } from './render-plan.js';
import { withRoomToneEdges } from './room-tone-edges.js';

function clip(id: string, startMs: number, durationMs: number): RenderClip {
  return { id, track: 'speech', sourceKey: id, startMs, durationMs, gainDb: 0, fadeInMs: 0, fadeOutMs: 0 };
}

// A chapter cut from the timeline: 2.4 s of silence before its first line, 0.1 s after its last.
const chapter: RenderPlan = {
  sampleRate: 44100,
  channels: 1,
  durationMs: 12_500,
  clips: [clip('a', 2400, 4000), clip('b', 6800, 5600)],
  cues: [
    { blockId: 'a', text: 'One.', startMs: 2400, durationMs: 4000, clipId: 'a' },
    { blockId: 'b', text: 'Two.', startMs: 6800, durationMs: 5600, clipId: 'b' },
  ],
};
const acxEdges = { levelDb: -70, seed: 1, headMs: 600, tailMs: 2000 };

describe('withRoomToneEdges', () => {
  it('moves the first sound to the head length and ends the file the tail length after the last sound', () => {
    const edged = withRoomToneEdges(chapter, acxEdges);
    expect(edged.clips.map((c) => c.startMs)).toEqual([600, 5000]);
    expect(edged.cues.map((c) => c.startMs)).toEqual([600, 5000]);
    expect(edged.durationMs).toBe(600 + 4000 + 400 + 5600 + 2000);
  });

  it('grows a head that is too short', () => {
    const tight = { ...chapter, clips: [clip('a', 100, 1000)], cues: [], durationMs: 1100 };
    const edged = withRoomToneEdges(tight, acxEdges);
    expect(edged.clips[0]!.startMs).toBe(600);
    expect(edged.durationMs).toBe(600 + 1000 + 2000);
  });

  it('measures from the earliest and to the latest sound on any track (a music intro counts)', () => {
    const music = { ...clip('bed', 1000, 12_000), track: 'music' as const };
    const edged = withRoomToneEdges({ ...chapter, clips: [...chapter.clips, music] }, acxEdges);
    expect(edged.clips.find((c) => c.id === 'bed')!.startMs).toBe(600);
    expect(edged.durationMs).toBe(600 + 12_000 + 2000);
  });

  it('leaves the plan alone without edge lengths or without clips', () => {
    expect(withRoomToneEdges(chapter, undefined)).toBe(chapter);
    expect(withRoomToneEdges(chapter, { levelDb: -70, seed: 1 })).toBe(chapter);
    const empty = { ...chapter, clips: [], cues: [] };
    expect(withRoomToneEdges(empty, acxEdges)).toBe(empty);
  });
});
