import { useState } from 'react';
import { findBlock } from '../../../common/project/index.js';
import { excerpt } from '../../../common/project/block-guards.js';
import { startGeneration } from '../output/start-generation.js';
import { selectActiveService, selectCheckThresholds } from '../../stores/settings-store.js';
import { useAppStores, useSettingsStore } from '../../stores/stores-context.js';
import { flagsOf } from './derived.js';
import { useHashedProject } from './use-hashed-project.js';

/**
 * "Needs review": the blocks whose playing take the checks flagged (take-checks.ts), as a list to step through
 * (a click selects the block) and one action that takes them all again with new seeds, keeping today's takes.
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
          title="Generate another take of each flagged block with a new seed; the current takes are kept"
          onClick={() => void startGeneration(stores, active?.url, { newTake: true, blockIds: ids })}
        >
          Take them again
        </button>
      </div>
      {open ? (
        <ul className="review-list" data-testid="review-list">
          {ids.map((blockId) => {
            const found = findBlock(project, blockId);
            const block = found?.block;
            const label = block && 'text' in block ? excerpt(block.text, 60) : blockId;
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
                <span className="hint"> — {flags.get(blockId)?.join(' ')}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
