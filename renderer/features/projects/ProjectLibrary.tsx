import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { ProjectListEntry } from '../../../common/project/library-views.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { formatCountOf } from '../../shared/format.js';
import { errorData } from '../../stores/notice-store.js';
import {
  selectEntries,
  selectRecent,
  selectSearch,
  selectSelected,
  selectSort,
} from '../../stores/projects-store.js';
import type { LibraryDialog } from './LibraryDialogView.js';
import { LibraryDialogView } from './LibraryDialogView.js';
import { openProject, refreshLibrary } from './project-actions.js';
import type { ProjectSort } from './project-order.js';
import {
  countingRows,
  movedIndex,
  orderProjects,
  projectSortLabels,
  projectSorts,
  sortNeedsFigures,
} from './project-order.js';
import { ProjectRow } from './ProjectRow.js';
import type { ProjectRowActions } from './ProjectRow.js';
import { RecentProjects } from './RecentProjects.js';
import { useFileDrop } from './use-file-drop.js';
import { useLibraryKeys } from './use-library-keys.js';
import { useAppStores, useProjectsStore } from '../../stores/stores-context.js';
import { SearchField } from '../../components/SearchField.js';
import { listen } from '../../shared/listeners.js';

/**
 * How many rows the list draws before the rest: more than the tallest screen shows. The rest follow in an
 * interruptible render, so a library of 500 projects shows its first rows (and takes typing) without waiting for
 * all 500 to be drawn (~60 ms of script).
 */
export const FIRST_DRAWN_ROWS = 50;

/** How many frames a row about to be drawn is looked for (the rest of a long list is drawn when React gets to it). */
const ROW_WAIT_FRAMES = 10;

/** The projects folder: recent projects, search and sort, the list, and the ways to add a project. */
export function ProjectLibrary() {
  const stores = useAppStores();
  const entries = useProjectsStore(selectEntries);
  const recent = useProjectsStore(selectRecent);
  const selected = useProjectsStore(selectSelected);
  const query = useProjectsStore(selectSearch);
  const sort = useProjectsStore(selectSort);
  const { setSearch, setSort } = stores.projects.getState();
  const [dialog, setDialog] = useState<LibraryDialog>({ kind: 'none' });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<IpcErrorData | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const load = useCallback(
    () =>
      refreshLibrary(stores).then(
        () => setLoadError(null),
        (error: unknown) => setLoadError(errorData(error)),
      ),
    [stores],
  );
  const reload = useCallback(() => void load(), [load]);

  const shown = useMemo(() => orderProjects(entries ?? [], query, sort), [entries, query, sort]);
  const stillCounting = useMemo(() => countingRows(entries ?? []), [entries]);
  // Once every row has been drawn the list stays whole: only the first draw of a long list is split.
  const [allRowsDrawn, setAllRowsDrawn] = useState(false);
  const drawnRows = allRowsDrawn ? shown : shown.slice(0, FIRST_DRAWN_ROWS);
  useEffect(() => {
    if (!allRowsDrawn && shown.length > FIRST_DRAWN_ROWS) startTransition(() => setAllRowsDrawn(true));
  }, [allRowsDrawn, shown.length]);

  /** Runs `act` on the row of `fileName`: at once, or on the next frame when it is not drawn yet. */
  const withRow = useCallback((fileName: string, act: (row: HTMLElement) => void) => {
    const find = (): HTMLElement | undefined => {
      const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="project-row"]') ?? [];
      return [...rows].find((candidate) => candidate.dataset.fileName === fileName);
    };
    const row = find();
    if (row !== undefined) {
      act(row);
      return;
    }
    // A row just added (a duplicate), or one past the first screenful before the rest were drawn, appears with
    // the next render; a frame may come before it, so a few are waited for.
    setAllRowsDrawn(true);
    const tryOnFrame = (framesLeft: number): void => {
      requestAnimationFrame(() => {
        const drawn = find();
        if (drawn !== undefined) act(drawn);
        else if (framesLeft > 0) tryOnFrame(framesLeft - 1);
      });
    };
    tryOnFrame(ROW_WAIT_FRAMES);
  }, []);

  const selectAndFocus = useCallback(
    (fileName: string) => {
      stores.projects.getState().select(fileName);
      // An existing row is focused at once, so a late focus never pulls the caret out of a rename the user has
      // started meanwhile.
      withRow(fileName, (row) => row.focus());
    },
    [stores, withRow],
  );

  // Every time the list is shown (the editor may have just saved), when the window comes back to the front (files
  // may have been copied into the projects folder meanwhile), and when main has counted rows it listed uncounted.
  useEffect(() => {
    // Back from the editor the list is drawn anew, at its top: the project just closed (still selected) is brought
    // into view, where the user left it.
    void load().then(() => {
      const selected = stores.projects.getState().selected;
      if (selected !== null) withRow(selected, (row) => row.scrollIntoView({ block: 'nearest' }));
    });
    const stopCounted = stores.client.on('projects.listCounted', reload);
    const stopFocus = listen(window, 'focus', reload);
    return () => {
      stopCounted();
      stopFocus();
    };
  }, [load, reload, stores, withRow]);

  const open = useCallback(
    (fileName: string) => {
      openProject(stores, fileName)
        .then((failure) => {
          if (failure) {
            setDialog({ kind: 'problem', failure });
            // A file that vanished (or broke) since the listing: show the folder as it is now.
            reload();
          }
        })
        .catch((error: unknown) => stores.notices.getState().showError(error));
    },
    [reload, stores],
  );

  const actions: ProjectRowActions = {
    select: (fileName) => stores.projects.getState().select(fileName),
    open: (entry) => open(entry.fileName),
    startRename: setRenaming,
    finishRename: () => {
      const done = renaming;
      setRenaming(null);
      if (done) selectAndFocus(done);
    },
    duplicate: (entry) => {
      const client = stores.client;
      client
        .invoke('projects.duplicate', { fileName: entry.fileName })
        .then(async (copy) => {
          await refreshLibrary(stores);
          selectAndFocus(copy.fileName);
        })
        .catch((error: unknown) => stores.notices.getState().showError(error));
    },
    delete: (entry) => askToDelete(entry),
  };

  function askToDelete(entry: ProjectListEntry): void {
    const index = shown.findIndex((candidate) => candidate.fileName === entry.fileName);
    const neighbour = shown[index + 1] ?? shown[index - 1];
    setDialog({ kind: 'delete', entry, neighbour: neighbour?.fileName ?? null });
  }

  const selectedEntry = shown.find((entry) => entry.fileName === selected);
  useLibraryKeys(
    {
      move: (to) => {
        const current = shown.findIndex((entry) => entry.fileName === selected);
        const target = shown[movedIndex(current, shown.length, to)];
        if (target) selectAndFocus(target.fileName);
      },
      openSelected: () => {
        if (selectedEntry) open(selectedEntry.fileName);
      },
      renameSelected: () => {
        if (selectedEntry?.ok) setRenaming(selectedEntry.fileName);
      },
      deleteSelected: () => {
        if (selectedEntry) askToDelete(selectedEntry);
      },
      newProject: () => setDialog({ kind: 'new' }),
      importText: () => setDialog({ kind: 'import' }),
    },
    dialog.kind === 'none' && renaming === null,
  );

  const { dragging, handlers } = useFileDrop((files) => {
    const first = files[0];
    // A file dropped beside an open dialog's own drop zone is not a new import behind the user's back.
    if (first && dialog.kind === 'none') setDialog({ kind: 'import', file: first });
  });

  const closeDialog = (): void => setDialog({ kind: 'none' });
  return (
    <div className="projects-page" data-testid="projects-page" data-dragging={dragging} {...handlers}>
      <header className="page-header">
        <h1>Projects</h1>
        <button
          type="button"
          className="primary"
          data-testid="new-project"
          title="New project (Ctrl+N)"
          aria-keyshortcuts="Control+N"
          onClick={() => setDialog({ kind: 'new' })}
        >
          New project…
        </button>
        <button type="button" data-testid="import-text" onClick={() => setDialog({ kind: 'import' })}>
          Import a script or book…
        </button>
      </header>
      {loadError ? (
        <div>
          <ErrorNotice error={loadError} testId="projects-load-error" />
          <button type="button" onClick={reload}>
            Try again
          </button>
        </div>
      ) : null}
      <RecentProjects recent={recent} onOpen={open} />
      {entries === null ? (
        // The first listing is on its way (reading a large project's figures can take a moment).
        loadError ? null : (
          <p className="hint" role="status" data-testid="projects-loading">
            Loading projects…
          </p>
        )
      ) : entries.length === 0 ? (
        <EmptyState title="No projects yet" testId="projects-empty">
          <p>Your scripts live here: each project is a timeline of speech, sound-effect and music blocks.</p>
          <p>
            Create a project, import a text file (or drop one here), or paste a script. Everything is saved on
            this computer as you type and works offline.
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="filter-bar">
            <SearchField
              label="Search projects"
              placeholder="Title or file name"
              value={query}
              onChange={setSearch}
              testId="project-search"
            />
            <label className="caption-field">
              Sort by
              <select
                data-testid="project-sort"
                value={sort}
                onChange={(event) => setSort(event.target.value as ProjectSort)}
              >
                {projectSorts.map((option) => (
                  <option key={option} value={option}>
                    {projectSortLabels[option]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {stillCounting > 0 && sortNeedsFigures(sort) ? (
            <p className="hint" data-testid="projects-counting-note" role="status">
              Still counting {formatCountOf(stillCounting, 'project', 'projects')}:{' '}
              {stillCounting === 1 ? 'it is' : 'they are'} listed last in this order for now.
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p className="hint" data-testid="projects-no-match">
              No project matches “{query.trim()}”.
            </p>
          ) : (
            <ul
              className="project-list"
              data-testid="project-list"
              ref={listRef}
              aria-label="Projects"
              aria-keyshortcuts="Enter F2 Delete ArrowUp ArrowDown"
            >
              {drawnRows.map((entry) => (
                <ProjectRow
                  key={entry.fileName}
                  entry={entry}
                  selected={entry.fileName === selected}
                  renaming={entry.fileName === renaming}
                  actions={actions}
                />
              ))}
            </ul>
          )}
          <p className="hint project-keys">
            ↑ ↓ select · Enter open · F2 rename · Delete move to the trash · Ctrl+N new project
          </p>
        </>
      )}
      {dragging && dialog.kind === 'none' ? (
        <div className="project-drop-overlay" aria-hidden="true">
          Drop a text file to import it as a new project
        </div>
      ) : null}
      <LibraryDialogView dialog={dialog} onClose={closeDialog} onDeleted={selectAndFocus} />
    </div>
  );
}
