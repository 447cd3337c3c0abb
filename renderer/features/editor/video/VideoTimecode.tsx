import { selectPlayheadMs } from '../../../stores/timeline-view-store.js';
import { useTimelineViewStore } from '../../../stores/stores-context.js';
import { formatFrameTimecode } from './video-clock.js';

/** The playhead as HH:MM:SS:FF at the video's rate: its own component, so only it re-renders every frame. */
export function VideoTimecode({
  frameRate,
  durationMs,
}: {
  frameRate: number | undefined;
  durationMs: number;
}) {
  const playheadMs = useTimelineViewStore(selectPlayheadMs);
  return (
    <span className="video-timecode" data-testid="video-timecode" aria-label="Timecode">
      {formatFrameTimecode(playheadMs, frameRate)}
      <span className="video-timecode-total"> / {formatFrameTimecode(durationMs, frameRate)}</span>
    </span>
  );
}
