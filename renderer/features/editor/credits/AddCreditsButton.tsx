import { useState } from 'react';
import type { DocumentState } from '../../../stores/document-store.js';
import { useDocumentStore } from '../../../stores/stores-context.js';
import { useCommandHandlers } from '../../../commands/use-commands.js';
import { AddCreditsDialog } from './AddCreditsDialog.js';

const selectProject = (state: DocumentState) => state.doc?.project ?? null;

/** The toolbar's "Credits…" and the command (palette, Project menu, Settings' keys) that open the credits dialog. */
export function AddCreditsButton() {
  const project = useDocumentStore(selectProject);
  const [open, setOpen] = useState(false);
  useCommandHandlers({ 'add-credits': { run: () => setOpen(true) } });
  if (project === null) return null;
  return (
    <div className="toolbar-group">
      <button
        type="button"
        data-testid="credits-open"
        title="Add opening and closing credits built from the title, author and voice, or update the ones there"
        onClick={() => setOpen(true)}
      >
        Credits…
      </button>
      {open ? <AddCreditsDialog project={project} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
