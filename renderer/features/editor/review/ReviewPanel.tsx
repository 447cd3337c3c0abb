import { useState } from 'react';
import { retakePlan } from '../../../../common/generation/retake-plan.js';
import { acceptTakeFlags, activeTake, findBlock } from '../../../../common/project/index.js';
import { excerpt } from '../../../../common/project/block-guards.js';
import { startGeneration } from '../../generation/start-generation.js';
import { selectActiveService, selectCheckThresholds } from '../../../stores/settings-store.js';
import { useAppStores, useSettingsStore } from '../../../stores/stores-context.js';
import { flagsOf, openFlagsOf } from '../../../shared/project-derived.js';
import { formatCount } from '../../../shared/format.js';
import { useHashedProject } from '../use-hashed-project.js';
import { editDocument } from '../../../stores/document-actions.js';
import { OverrunActions, overrunOf } from './OverrunActions.js';

/**
 * "Needs review": the blocks whose playing take the checks flagged (take-checks.ts) and nobody has judged yet,
 * as a list to step through (a click selects the block; "Sounds fine" accepts a take's flags) and one action that
 * takes them all again with new seeds, keeping today's takes. Pinned takes and accepted flags are not listed
 * (review-flags.ts), so the action never pays for a take nobody would use.
 */
export function ReviewPanel() {
  const stores = useAppStores();
  // The checks judge every block's playing take: they follow the project once its blocks are hashed.
  const hashed = useHashedProject();
  const thresholds = useSettingsStore(selectCheckThresholds);
  const active = useSettingsStore(selectActiveService);
  const [open, setOpen] = useState(false);
  if (hashed === null) return null;
  const { project, context } = hashed;
  const flags = flagsOf(project, context, thresholds);
  if (flags.size === 0) return null;
  const ids = [...flags.keys()];
  const count = ids.length;
  const openFlags = openFlagsOf(project, context, thresholds);
  // Another take with a new seed at the same rate would overrun its slot again: such a line is offered a
  // stretch or a faster take of its own (OverrunActions), never a paid retake it cannot use.
  const retake = retakePlan(
    project,
    context,
    ids.filter((blockId) => (openFlags.get(blockId) ?? []).some((flag) => flag.kind !== 'overrun')),
  );
  const sending = retake.blockIds.length;
  const lockedNote =
    retake.locked === 0
      ? ''
      : ` ${retake.locked} locked block${retake.locked === 1 ? ' is' : 's are'} left out: unlock to take ${retake.locked === 1 ? 'it' : 'them'} again.`;
  const soundsFine = (blockId: string): void => {
    const found = findBlock(project, blockId)?.block;
    const take = found ? activeTake(found, context) : undefined;
    const kinds = openFlags.get(blockId)?.map((flag) => flag.kind) ?? [];
    if (take === undefined || kinds.length === 0) return;
    editDocument(stores, (doc) => acceptTakeFlags(doc, blockId, take.cacheKey, kinds), {
      label: 'Sounds fine',
    });
  };
  return (
    <section className="review-panel" data-testid="review-panel" aria-label="Needs review">
      <div className="review-panel-bar">
        <strong>
          ⚑ {count} block{count === 1 ? '' : 's'} need{count === 1 ? 's' : ''} review
        </strong>
        <button
          type="button"
          data-testid="review-toggle"
          aria-expanded={open}
          onClick={() => {
            // Opening the list also selects the flagged blocks, so the timeline and script show which they are.
            if (!open) stores.document.getState().select(ids, ids[0] ?? null);
            setOpen(!open);
          }}
        >
          {open ? 'Hide list' : 'Show them'}
        </button>
        <button
          type="button"
          data-testid="review-retake"
          disabled={sending === 0}
          title={`Generate another take of ${sending === 1 ? 'this block' : `these ${formatCount(sending)} blocks`} with a new seed (${formatCount(retake.characters)} characters sent); the current takes are kept. Pinned takes and flags marked “Sounds fine” are left alone.${lockedNote}`}
          onClick={() =>
            void startGeneration(stores, active?.url, { newTake: true, blockIds: retake.blockIds })
          }
        >
          {sending === 0
            ? 'Take them again'
            : `Take ${sending === count ? 'them' : formatCount(sending)} again (≈ ${formatCount(retake.estimatedCredits)} credits)`}
        </button>
      </div>
      {open ? (
        <ul className="review-list" data-testid="review-list">
          {ids.map((blockId) => {
            const found = findBlock(project, blockId);
            const block = found?.block;
            const label = block && 'text' in block ? excerpt(block.text, 60) : blockId;
            const overrun = overrunOf(openFlags.get(blockId));
            return (
              <li key={blockId}>
                <button
                  type="button"
                  className="link-button"
                  data-testid="review-item"
                  onClick={() => stores.document.getState().select([blockId], blockId)}
                >
                  {label}
                </button>
                <span className="hint"> — {flags.get(blockId)?.join(' ')}</span>{' '}
                {overrun === undefined ? null : <OverrunActions blockId={blockId} flag={overrun} />}{' '}
                <button
                  type="button"
                  className="link-button"
                  data-testid="review-sounds-fine"
                  title="You listened and this take is fine: these flags stay closed for this take (a new take is checked afresh)"
                  onClick={() => soundsFine(blockId)}
                >
                  Sounds fine
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
