import { Suspense } from 'react';
import { splitComponent } from '../../shared/split-component.js';
import type { ProjectListEntry } from '../../../common/project/library-views.js';
import { DeleteProjectDialog } from './DeleteProjectDialog.js';
import { NewProjectDialog } from './NewProjectDialog.js';
import { OpenProblemDialog } from './OpenProblemDialog.js';
import type { OpenFailure } from './project-actions.js';

/**
 * The import dialog's code (its Markdown, CSV, WebVTT and book readers: about a quarter of the list's first load)
 * is fetched when it first opens, or while the browser is idle once the list is shown (ProjectsPage).
 */
export const importDialog = splitComponent(() =>
  import('./ImportDialog.js').then((module) => module.ImportDialog),
);
const ImportDialog = importDialog.Component;

/** The dialog open over the project list, if any. */
export type LibraryDialog =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'import'; file?: File }
  /** `neighbour`: the row selected once the deleted one is gone, so the keyboard keeps a place in the list. */
  | { kind: 'delete'; entry: ProjectListEntry; neighbour: string | null }
  | { kind: 'problem'; failure: OpenFailure };

/** Shows the list's current dialog. */
export function LibraryDialogView({
  dialog,
  onClose,
  onDeleted,
}: {
  dialog: LibraryDialog;
  onClose(): void;
  onDeleted(neighbour: string): void;
}) {
  switch (dialog.kind) {
    case 'none':
      return null;
    case 'new':
      return <NewProjectDialog onClose={onClose} />;
    case 'import':
      return (
        <Suspense fallback={null}>
          <ImportDialog initialFile={dialog.file} onClose={onClose} />
        </Suspense>
      );
    case 'delete':
      return (
        <DeleteProjectDialog
          entry={dialog.entry}
          onClose={onClose}
          onDeleted={() => {
            onClose();
            if (dialog.neighbour !== null) onDeleted(dialog.neighbour);
          }}
        />
      );
    case 'problem':
      return <OpenProblemDialog failure={dialog.failure} onClose={onClose} />;
    default: {
      const exhaustive: never = dialog;
      throw new Error(`Unknown dialog ${String(exhaustive)}`);
    }
  }
}
