import { useMemo, useState } from 'react';
import { findBlock } from '../../../../common/project/index.js';
import { excerpt } from '../../../../common/project/block-guards.js';
import type { Project } from '../../../../common/project/project-schema.js';
import type { FitLine } from '../../../../common/timing/fit-check.js';
import { NATURAL_RATE, overrunningLines } from '../../../../common/timing/fit-check.js';
import type { FitRemedy } from '../../../../common/timing/fit-remedies.js';
import { applyFitRemedy, applyFitSuggestions } from '../../../../common/timing/fit-remedies.js';
import { chosenRemedies } from '../../../../common/timing/chosen-remedies.js';
import { RANGES } from '../../../../common/rules/vocabulary.js';
import { Dialog } from '../../../components/Dialog.js';
import { formatCount } from '../../../shared/format.js';
import { fitLinesOf } from '../../../shared/project-derived.js';
import type { PendingChange } from '../block-state/StaleConfirm.js';
import { PanelChangeConfirm } from '../block-state/StaleConfirm.js';
import { applyOrConfirm, proposeChange } from '../inspector/change-impact.js';
import { useAppStores } from '../../../stores/stores-context.js';
import { useHashedProject } from '../use-hashed-project.js';
import { FitLineRow } from './FitLineRow.js';
import './fit-check.css';

const REMEDY_LABELS: Record<FitRemedy, string> = {
  rate: 'Send at the rate it needs',
  stretch: 'Allow a stretch',
  'run-on': 'Let it run on',
  rewrite: 'Mark to rewrite shorter',
};

/**
 * "Fit check": every timed line that will run past its slot, before anything is paid for: by how much, the rate it
 * would need and whether the app can send it, the suggestion, and the four remedies, plus one action that applies
 * each line's own suggestion. Every change is one undoable edit of the document; one that would make a take stale
 * (a new rate for a line already generated) says what generating it again costs first.
 */
export function FitCheckDialog({ onClose }: { onClose(): void }) {
  const stores = useAppStores();
  const hashed = useHashedProject();
  const lines = useMemo(
    () => (hashed === null ? [] : overrunningLines(fitLinesOf(hashed.project, hashed.context))),
    [hashed],
  );
  const deciding = lines.filter((line) => line.needsDecision);
  // A new rate makes a line's take stale: what that would cost again is asked here, before anything changes.
  const [pending, setPending] = useState<PendingChange | null>(null);
  const propose = (label: string, edit: (project: Project) => Project): void =>
    applyOrConfirm(proposeChange(stores, label, { kind: 'project', edit }), setPending);
  const remedy = (line: FitLine, chosen: FitRemedy): void =>
    propose(REMEDY_LABELS[chosen], (project) => applyFitRemedy(project, line, chosen));
  const applyAll = (): void => {
    const current = stores.document.getState().doc?.project;
    const locked = current === undefined ? 0 : applyFitSuggestions(current, lines).lockedBlockIds.length;
    if (locked > 0) {
      stores.notices.getState().receive({
        kind: 'notification',
        title: `${formatCount(locked)} locked line${locked === 1 ? '' : 's'} left as ${locked === 1 ? 'it is' : 'they are'}`,
        body: 'Unlock a line to change its rate or timing.',
      });
    }
    propose('Apply all fit suggestions', (project) => applyFitSuggestions(project, lines).project);
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
      <PanelChangeConfirm pending={pending} onClose={() => setPending(null)} />
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
                  chosen={chosenOf(hashed.project, line.blockId)}
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

function chosenOf(project: Project, blockId: string): FitRemedy[] {
  const block = findBlock(project, blockId)?.block;
  return block?.type === 'text' ? chosenRemedies(block) : [];
}

function labelOf(project: Project, blockId: string): string {
  const block = findBlock(project, blockId)?.block;
  return block !== undefined && 'text' in block ? excerpt(block.text, 48) : blockId;
}
