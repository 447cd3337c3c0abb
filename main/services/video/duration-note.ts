import path from 'node:path';
import { formatShortDuration } from '../../../common/project/speech-lanes.js';
import { formatTimestamp } from '../../../common/subtitles/subtitle-format.js';
import type { ReferenceVideo } from '../../../common/project/timing-schema.js';

/** Below one frame at 25 fps, a length differs only by how a container rounds its end. */
const FALLBACK_FRAME_MS = 40;

/**
 * Says so when a located video's length differs from the one the project was timed against by more than one frame
 * (of the located video, else 40 ms): its timed lines keep their times, so the editor must check them against the
 * new picture. Null when the lengths agree.
 */
export function durationNote(previous: ReferenceVideo, located: ReferenceVideo): string | null {
  const frameMs = located.frameRate ? 1000 / located.frameRate : FALLBACK_FRAME_MS;
  const difference = located.durationMs - previous.durationMs;
  if (Math.abs(difference) <= frameMs) return null;
  const amount = formatShortDuration(Math.abs(difference));
  return `“${path.basename(located.path)}” lasts ${formatTimestamp(located.durationMs, '.')}, ${amount} ${difference > 0 ? 'longer' : 'shorter'} than the video this project was timed against (${formatTimestamp(previous.durationMs, '.')}). Timed lines keep their times: check that they still meet the picture.`;
}
