import { selectPlayheadMs } from '../../../stores/timeline-view-store.js';
import { useTimelineViewStore } from '../../../stores/stores-context.js';
import { msToPx } from './timeline-geometry.js';

/**
 * The playhead's line on the timeline. Its own component, subscribed to the playhead alone: the playhead moves
 * every frame while the preview plays, and only this line should be drawn again then, not the lanes and blocks
 * of a 1,500-cue dub.
 */
export function TimelinePlayhead({ zoom }: { zoom: number }) {
  const playheadMs = useTimelineViewStore(selectPlayheadMs);
  return (
    <div
      className="timeline-playhead"
      data-testid="timeline-playhead"
      data-ms={Math.round(playheadMs)}
      style={{ left: msToPx(playheadMs, zoom) }}
    />
  );
}
