import { useState } from 'react';
import type { DocumentState } from '../../../stores/document-store.js';
import { useDocumentStore } from '../../../stores/stores-context.js';
import { useCommandHandlers } from '../../../commands/use-commands.js';
import { ReimportRevisionDialog } from './ReimportRevisionDialog.js';

const selectProject = (state: DocumentState) => state.doc?.project ?? null;

/** The toolbar's "Re-import…" and the command (palette, Settings' keys) that open the revision dialog. */
export function ReimportRevisionButton() {
  const project = useDocumentStore(selectProject);
  const [open, setOpen] = useState(false);
  // The dialog belongs to the project it was opened on: another project (or none) closes it, and its read and
  // comparison end with it, so switching back does not find a revision meant for the other book.
  const projectId = project?.id ?? null;
  const [openedOn, setOpenedOn] = useState(projectId);
  if (openedOn !== projectId) {
    setOpenedOn(projectId);
    setOpen(false);
  }
  useCommandHandlers({ reimport: { run: () => setOpen(true) } });
  if (project === null) return null;
  return (
    <div className="toolbar-group">
      <button
        type="button"
        data-testid="revision-open"
        title="Re-import a revised manuscript: see what changed and what it costs before anything is applied; unchanged blocks keep their audio"
        onClick={() => setOpen(true)}
      >
        Re-import…
      </button>
      {open ? <ReimportRevisionDialog project={project} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
