import type { ProjectListEntry } from '../../../common/project/library-views.js';
import { formatClock, formatCountOf } from '../../shared/format.js';
import { formatDateTime } from '../../shared/date-format.js';
import { problemLabel } from './problem-label.js';
import { RenameField } from './RenameField.js';

export interface ProjectRowActions {
  select(fileName: string): void;
  open(entry: ProjectListEntry): void;
  startRename(fileName: string): void;
  finishRename(): void;
  duplicate(entry: ProjectListEntry): void;
  delete(entry: ProjectListEntry): void;
}

/**
 * One project in the list. A file that does not read (damaged, from a newer version) is listed as such rather
 * than hidden: the user sees it is still there, can open it to read why, restore its backup, or delete it.
 */
export function ProjectRow({
  entry,
  selected,
  renaming,
  actions,
}: {
  entry: ProjectListEntry;
  selected: boolean;
  renaming: boolean;
  actions: ProjectRowActions;
}) {
  const state = !entry.ok ? entry.problem : entry.counting ? 'counting' : 'ok';
  return (
    <li
      className={selected ? 'project-row project-row-selected' : 'project-row'}
      data-testid="project-row"
      data-file-name={entry.fileName}
      data-title={entry.ok ? entry.title : undefined}
      data-state={state}
      data-selected={selected}
      tabIndex={selected ? 0 : -1}
      onFocus={() => actions.select(entry.fileName)}
      onMouseDown={() => actions.select(entry.fileName)}
      onDoubleClick={(event) => {
        // A double click on the row opens it; one on a button (Duplicate clicked twice) or the rename field does not.
        if (event.target instanceof Element && event.target.closest('button, input') === null)
          actions.open(entry);
      }}
    >
      <div className="project-row-main">
        {entry.ok && renaming ? (
          <RenameField fileName={entry.fileName} title={entry.title} onDone={actions.finishRename} />
        ) : (
          <strong className="project-title" data-testid="project-title">
            {entry.ok ? entry.title : entry.fileName}
          </strong>
        )}
        {entry.ok ? null : (
          <span className="badge badge-warning" data-testid="project-problem">
            {problemLabel(entry.problem)}
          </span>
        )}
        {!entry.ok && entry.hasBackup ? (
          <span className="badge" data-testid="project-has-backup">
            Backup available
          </span>
        ) : null}
      </div>
      <ProjectMeta entry={entry} />
      <div className="row-actions project-actions">
        <button type="button" data-testid="project-open" onClick={() => actions.open(entry)}>
          {entry.ok ? 'Open' : 'Details…'}
        </button>
        <button
          type="button"
          data-testid="project-rename"
          disabled={!entry.ok}
          title="Rename (F2)"
          onClick={() => actions.startRename(entry.fileName)}
        >
          Rename
        </button>
        <button
          type="button"
          data-testid="project-duplicate"
          disabled={!entry.ok}
          onClick={() => actions.duplicate(entry)}
        >
          Duplicate
        </button>
        <button
          type="button"
          data-testid="project-delete"
          title="Move to the trash (Delete)"
          onClick={() => actions.delete(entry)}
        >
          Delete…
        </button>
      </div>
    </li>
  );
}

/** The row's second line: its figures, that they are being counted, or why the file does not read. */
function ProjectMeta({ entry }: { entry: ProjectListEntry }) {
  const modified = <span title={entry.modifiedAt}>Modified {formatDateTime(entry.modifiedAt)}</span>;
  if (!entry.ok) {
    return (
      <div className="project-meta">
        {modified}
        <span className="project-problem-message" data-testid="project-problem-message">
          {entry.message}
        </span>
      </div>
    );
  }
  if (entry.counting) {
    return (
      <div className="project-meta">
        {modified}
        <span
          className="hint"
          data-testid="project-counting"
          title="The app is reading this project for the first time"
        >
          Counting blocks…
        </span>
      </div>
    );
  }
  return (
    <div className="project-meta">
      {modified}
      <span data-testid="project-blocks" data-count={entry.blockCount}>
        {formatCountOf(entry.blockCount, 'block', 'blocks')}
      </span>
      <span data-testid="project-characters" data-count={entry.characterCount}>
        {formatCountOf(entry.characterCount, 'character', 'characters')}
      </span>
      <span
        data-testid="project-duration"
        title={
          entry.durationEstimated
            ? 'Estimated from the text: not everything is generated yet'
            : 'Length of the generated audio'
        }
      >
        {`${entry.durationEstimated ? '≈ ' : ''}${formatClock(entry.durationMs, { rounding: 'nearest' })}`}
      </span>
    </div>
  );
}
