import { useMemo } from 'react';
import { chapterMarks } from '../../../../common/project/chapters.js';
import { useSendContext } from '../../../shared/send-context.js';
import { useAppStores } from '../../../stores/stores-context.js';
import { layoutOf } from '../../../shared/project-derived.js';
import { formatClock } from '../../../shared/format.js';
import { useFollowedProject } from '../use-followed-project.js';

/**
 * Jumps between chapters: a list of the project's chapter marks (a title on a speech block starts one). Choosing
 * one selects its first block, which scrolls the script and timeline to it, and moves the playhead there.
 */
export function ChapterNavigator() {
  const stores = useAppStores();
  const project = useFollowedProject();
  const context = useSendContext(project);
  // Re-rendered with the toolbar on every keystroke: the marks follow only the followed project.
  const marks = useMemo(
    () => (project === null || context === null ? [] : chapterMarks(project, layoutOf(project, context))),
    [project, context],
  );
  if (marks.length === 0) return null;
  const go = (blockId: string): void => {
    const mark = marks.find((candidate) => candidate.blockId === blockId);
    if (!mark) return;
    stores.document.getState().select([mark.blockId], mark.blockId);
    stores.timelineView.getState().setPlayhead(mark.startMs);
  };
  return (
    <div className="toolbar-group">
      <select
        aria-label="Go to chapter"
        data-testid="chapter-navigator"
        value=""
        onChange={(event) => go(event.target.value)}
      >
        <option value="" disabled>
          Chapters ({marks.length})…
        </option>
        {marks.map((mark, position) => (
          <option key={mark.blockId} value={mark.blockId}>
            {position + 1}. {mark.title} — {formatClock(mark.startMs)}
          </option>
        ))}
      </select>
    </div>
  );
}
