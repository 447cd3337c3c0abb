import { useMemo } from 'react';
import { findBlock } from '../../../../common/project/index.js';
import { excerpt } from '../../../../common/project/block-guards.js';
import type { Project } from '../../../../common/project/project-schema.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import { layoutTimeline } from '../../../../common/project/timeline-layout.js';
import type { FitLine } from '../../../../common/timing/fit-check.js';
import { fitCheck, NATURAL_RATE, overrunningLines } from '../../../../common/timing/fit-check.js';
import type { FitRemedy } from '../../../../common/timing/fit-remedies.js';
import { applyFitRemedy, applyFitSuggestions } from '../../../../common/timing/fit-remedies.js';
import { RANGES } from '../../../../common/rules/vocabulary.js';
import { Dialog } from '../../../components/Dialog.js';
import { formatCount } from '../../../shared/format.js';
import { editDocument } from '../../../stores/document-actions.js';
import { useAppStores } from '../../../stores/stores-context.js';
import { useHashedProject } from '../use-hashed-project.js';
import { FitLineRow } from './FitLineRow.js';
import './fit-check.css';

/** The fit check's lines that overrun, for the project as it is (also the toolbar's count). */
export function fitLinesOf(project: Project, context: SendContext): FitLine[] {
  return fitCheck(project, context, layoutTimeline(project, context));
}

const REMEDY_LABELS: Record<FitRemedy, string> = {
  rate: 'Send at the rate it needs',
  stretch: 'Allow a stretch',
  'run-on': 'Let it run on',
  rewrite: 'Mark to rewrite shorter',
};

/**
 * "Fit check": every timed line that will run past its slot, before anything is paid for: by how much, the rate it
 * would need and whether the app can send it, the suggestion, and the four remedies, plus one action that applies
 * each line's own suggestion. Every change is one undoable edit of the document.
 */
export function FitCheckDialog({ onClose }: { onClose(): void }) {
  const stores = useAppStores();
  const hashed = useHashedProject();
  const lines = useMemo(
    () => (hashed === null ? [] : overrunningLines(fitLinesOf(hashed.project, hashed.context))),
    [hashed],
  );
  const deciding = lines.filter((line) => line.needsDecision);
  const remedy = (line: FitLine, chosen: FitRemedy): void => {
    editDocument(stores, (project) => applyFitRemedy(project, line, chosen), {
      label: REMEDY_LABELS[chosen],
    });
  };
  const applyAll = (): void => {
    let lockedCount = 0;
    editDocument(
      stores,
      (project) => {
        const result = applyFitSuggestions(project, lines);
        lockedCount = result.lockedBlockIds.length;
        return result.project;
      },
      { label: 'Apply all fit suggestions' },
    );
    if (lockedCount > 0) {
      stores.notices.getState().receive({
        kind: 'notification',
        title: `${formatCount(lockedCount)} locked line${lockedCount === 1 ? '' : 's'} left as ${lockedCount === 1 ? 'it is' : 'they are'}`,
        body: 'Unlock a line to change its rate or timing.',
      });
    }
  };
  return (
    <Dialog
      title="Fit check"
      testId="fit-check"
      size="wide"
      onClose={onClose}
      headerActions={
        <button type="button" data-testid="fit-check-close" onClick={onClose}>
          Close
        </button>
      }
    >
      <p className="hint" data-testid="fit-check-summary">
        {hashed === null
          ? 'Checking…'
          : lines.length === 0
            ? 'Every timed line fits its slot at its voice’s pace.'
            : `${formatCount(lines.length)} timed line${lines.length === 1 ? '' : 's'} run${lines.length === 1 ? 's' : ''} past ${lines.length === 1 ? 'its slot' : 'their slots'}; ${formatCount(deciding.length)} still need${deciding.length === 1 ? 's' : ''} a decision.`}{' '}
        Lengths are estimated from the text as sent at each voice’s pace learned from this project’s takes, or
        measured on a take once there is one. Rates between {NATURAL_RATE.min} and {NATURAL_RATE.max} are
        suggested (speech stays natural); the app sends {RANGES.speechRate.min} to {RANGES.speechRate.max}.
      </p>
      {lines.length > 0 && hashed !== null ? (
        <>
          <table className="fit-check-table" data-testid="fit-check-table">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Starts</th>
                <th scope="col">Slot</th>
                <th scope="col">Length</th>
                <th scope="col">Overrun</th>
                <th scope="col">Rate needed</th>
                <th scope="col">Suggestion</th>
                <th scope="col">Remedies</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <FitLineRow
                  key={line.blockId}
                  line={line}
                  label={labelOf(hashed.project, line.blockId)}
                  onSelect={() => stores.document.getState().select([line.blockId], line.blockId)}
                  onRemedy={(chosen) => remedy(line, chosen)}
                />
              ))}
            </tbody>
          </table>
          <div className="form-actions">
            <button
              type="button"
              className="primary"
              data-testid="fit-check-apply-all"
              disabled={deciding.length === 0}
              title="Give each line that still needs a decision its own suggestion, in one step you can undo"
              onClick={applyAll}
            >
              Apply all suggestions ({formatCount(deciding.length)})
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function labelOf(project: Project, blockId: string): string {
  const block = findBlock(project, blockId)?.block;
  return block !== undefined && 'text' in block ? excerpt(block.text, 48) : blockId;
}
