import type { Project } from './project-schema.js';
import type { SendContext } from './send-context.js';
import { speakerIdOf } from './send-context.js';
import type { TimelineLayout } from './timeline-layout.js';

/** A speech lane in use, named as the timeline and the export check name it. */
export interface SpeechLane {
  /** 0 first (shown as "Lane 1"). */
  lane: number;
  /** The name of the speaker with the most lines in it, when any line of it has a speaker in the cast. */
  speakerName: string | undefined;
  /** "Anna", or "Lane 2" when no speaker of the cast speaks in it. */
  label: string;
}

/**
 * The lanes speech uses, in lane order: lane 0 whenever there is speech (flowing lines sound there), then each
 * lane a timed line uses. Each is labelled by the speaker who speaks most in it (ties: the first to speak), as a
 * dub has a lane per character. One pass over the blocks.
 */
export function speechLanes(project: Project, context: SendContext): SpeechLane[] {
  const counts = new Map<number, Map<string, number>>();
  for (const block of project.tracks.speech.blocks) {
    const lane = block.type === 'text' ? (block.timing?.lane ?? 0) : 0;
    let speakers = counts.get(lane);
    if (speakers === undefined) {
      speakers = new Map();
      counts.set(lane, speakers);
    }
    if (block.type !== 'text') continue;
    const speakerId = speakerIdOf(block);
    speakers.set(speakerId, (speakers.get(speakerId) ?? 0) + 1);
  }
  return [...counts.keys()]
    .sort((a, b) => a - b)
    .map((lane) => {
      let best: string | undefined;
      let bestCount = 0;
      for (const [speakerId, count] of counts.get(lane)!) {
        if (count > bestCount && context.speakers.has(speakerId)) {
          best = speakerId;
          bestCount = count;
        }
      }
      const speakerName = best === undefined ? undefined : context.speakers.get(best)?.name;
      return { lane, speakerName, label: speakerName ?? `Lane ${lane + 1}` };
    });
}

/**
 * The overlaps within a lane as the export check names them: "Lines 12 and 13 overlap by 0.4 s in lane 1
 * (Anna)". Lines are numbered as the script numbers speech blocks (1 first).
 */
export function laneConflictSentences(
  project: Project,
  layout: TimelineLayout,
  context: SendContext,
): string[] {
  if (layout.conflicts.length === 0) return [];
  const lanes = new Map(speechLanes(project, context).map((lane) => [lane.lane, lane]));
  const numbers = new Map(layout.speech.map((item) => [item.blockId, item.index + 1]));
  return layout.conflicts.map((conflict) => {
    const first = numbers.get(conflict.blockId);
    const second = numbers.get(conflict.nextBlockId);
    const speaker = lanes.get(conflict.lane)?.speakerName;
    return `Lines ${first} and ${second} overlap by ${formatShortDuration(conflict.overlapMs)} in lane ${conflict.lane + 1}${speaker === undefined ? '' : ` (${speaker})`}.`;
  });
}

/** "0.4 s"; under a tenth of a second in milliseconds ("40 ms"), so a small overlap never reads "0.0 s". */
export function formatShortDuration(ms: number): string {
  return ms < 100 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
