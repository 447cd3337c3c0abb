import { useMemo } from 'react';
import type { DocumentState } from '../../../stores/document-store.js';
import { selectFitCheckOpen } from '../../../stores/editor-ui-store.js';
import { useAppStores, useDocumentStore, useEditorUiStore } from '../../../stores/stores-context.js';
import { useCommandHandlers } from '../../../commands/use-commands.js';
import { formatCount } from '../../../shared/format.js';
import { useHashedProject } from '../use-hashed-project.js';
import { fitLinesOf, hasTimedSpeech } from '../../../shared/project-derived.js';
import { FitCheckDialog } from './FitCheckDialog.js';

const selectHasTimedLines = (state: DocumentState): boolean =>
  state.doc === null ? false : hasTimedSpeech(state.doc.project.tracks.speech.blocks);

/**
 * The toolbar's "Fit check" while the project has timed lines, with how many still need a decision, and the
 * command that opens it (keys, palette). Generate's question opens it too (editor-ui-store's fitCheckOpen).
 */
export function FitCheckButton() {
  const stores = useAppStores();
  const hasTimed = useDocumentStore(selectHasTimedLines);
  const open = useEditorUiStore(selectFitCheckOpen);
  const hashed = useHashedProject();
  const deciding = useMemo(
    () =>
      hashed === null || !hasTimed
        ? 0
        : fitLinesOf(hashed.project, hashed.context).filter((line) => line.needsDecision).length,
    [hashed, hasTimed],
  );
  const setOpen = (next: boolean): void => stores.editorUi.getState().setFitCheckOpen(next);
  useCommandHandlers({
    'fit-check': {
      run: () => setOpen(true),
      unavailable: () =>
        hasTimed ? null : 'The project has no timed lines: import a timed script or time a line.',
    },
  });
  if (!hasTimed) return null;
  return (
    <div className="toolbar-group">
      <button
        type="button"
        data-testid="fit-check-open"
        className={deciding > 0 ? 'fit-check-open-warning' : undefined}
        title="Which timed lines will run past their slots, what rate each needs, and what to do about it — before you pay"
        onClick={() => setOpen(true)}
      >
        Fit check{deciding > 0 ? ` (${formatCount(deciding)} overrun${deciding === 1 ? '' : 's'})` : ''}
      </button>
      {open ? <FitCheckDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
