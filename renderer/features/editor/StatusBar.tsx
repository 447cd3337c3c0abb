import { selectSelectedIds } from '../../stores/document-store.js';
import { useSendContext } from '../../shared/send-context.js';
import { selectPlayheadMs } from '../../stores/timeline-view-store.js';
import { ZoomControls } from './timeline/ZoomControls.js';
import { layoutOf, statsOf } from '../../shared/project-derived.js';
import { useFollowedProject } from './use-followed-project.js';
import { useHashedProject } from './use-hashed-project.js';
import { formatClock, formatCount } from '../../shared/format.js';
import { useDocumentStore, useTimelineViewStore } from '../../stores/stores-context.js';

/** Project-wide figures: blocks, characters, the credits estimate, length; following the project at idle moments
 * (project-follower.ts), so typing never waits on them. */
export function StatusBar() {
  const project = useFollowedProject();
  const selectedCount = useDocumentStore(selectSelectedIds).length;
  const playheadMs = useTimelineViewStore(selectPlayheadMs);
  const context = useSendContext(project);
  // The credits estimate judges every block's state: it follows once the blocks are hashed.
  const hashed = useHashedProject();
  if (project === null || context === null) return null;
  const stats = hashed === null ? null : statsOf(hashed.project, hashed.context);
  const layout = layoutOf(project, context);
  // A project as long as its video has a known length, however many of its lines are still estimates.
  const lastsAsVideo = project.video !== undefined && layout.totalMs === project.video.durationMs;
  return (
    <footer className="editor-status" data-testid="editor-status">
      {stats === null ? (
        <span data-testid="stat-counting">Counting…</span>
      ) : (
        <>
          <span data-testid="stat-blocks">
            {formatCount(stats.blockCount)} {stats.blockCount === 1 ? 'block' : 'blocks'}
          </span>
          <span data-testid="stat-characters">
            {formatCount(stats.characterCount)} {stats.characterCount === 1 ? 'character' : 'characters'}
          </span>
          <span
            className="editor-status-credits"
            data-testid="stat-credits"
            title={`≈ ${formatCount(stats.estimatedPendingCredits)} credits to generate what is missing (≈ ${formatCount(stats.estimatedCredits)} for everything). Estimated at one credit per character sent; the service decides the real cost when a task is submitted.`}
          >
            ≈ {formatCount(stats.estimatedPendingCredits)} credits to generate what is missing (≈{' '}
            {formatCount(stats.estimatedCredits)} for everything)
          </span>
        </>
      )}
      <span
        data-testid="stat-duration"
        title={lastsAsVideo ? 'The project lasts as long as its reference video' : undefined}
      >
        {layout.estimated && !lastsAsVideo ? '≈ ' : ''}
        {/* A length, rounded as the project list rounds it, so both read the same. */}
        {formatClock(layout.totalMs, { rounding: 'nearest' })}
      </span>
      <span data-testid="stat-selection">{selectedCount} selected</span>
      <span data-testid="stat-playhead">Playhead {formatClock(playheadMs, { tenths: true })}</span>
      <ZoomControls />
    </footer>
  );
}
