import type { Project } from './project-schema.js';
import { formatShortDuration } from './speech-lanes.js';
import type { TimelineLayout } from './timeline-layout.js';

/**
 * Speech that sounds after the reference video has ended: the video export stops with the picture, so it cuts
 * these lines off (an audio-only export keeps them). Named before export, in script order, line numbers from 1.
 */
export function linesPastVideoEnd(project: Project, layout: TimelineLayout): string[] {
  const videoEndMs = project.video?.durationMs;
  if (videoEndMs === undefined) return [];
  const sentences: string[] = [];
  for (const item of layout.speech) {
    if (item.endMs <= videoEndMs) continue;
    const lost =
      item.startMs >= videoEndMs
        ? 'is not heard at all'
        : `loses its last ${formatShortDuration(item.endMs - videoEndMs)}`;
    sentences.push(`Line ${item.index + 1} ${lost}.`);
  }
  return sentences;
}
