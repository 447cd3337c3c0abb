import type { RecentProject } from '../../../common/project/library-views.js';
import { formatDateTime } from '../../shared/date-format.js';

/** How many recent projects the shortcuts row shows; main keeps up to ten. */
const SHOWN_RECENT = 5;

/** The projects opened last, one click away. */
export function RecentProjects({
  recent,
  onOpen,
}: {
  recent: readonly RecentProject[];
  onOpen(fileName: string): void;
}) {
  if (recent.length === 0) return null;
  return (
    <section
      className="recent-projects"
      aria-labelledby="recent-projects-heading"
      data-testid="recent-projects"
    >
      <h2 id="recent-projects-heading">Recent</h2>
      <ul>
        {recent.slice(0, SHOWN_RECENT).map((entry) => (
          <li key={entry.fileName}>
            <button
              type="button"
              className="recent-project"
              data-testid="recent-project"
              data-title={entry.title}
              onClick={() => onOpen(entry.fileName)}
            >
              <strong>{entry.title}</strong>
              <span className="hint">Opened {formatDateTime(entry.openedAt)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
