import type { TakeFlag } from '../../../../common/audio/take-checks.js';
import { updateBlock } from '../../../../common/project/block-edits.js';
import { setTimingFields } from '../../../../common/project/timing-edits.js';
import { RANGES } from '../../../../common/rules/vocabulary.js';
import { startGeneration } from '../../generation/start-generation.js';
import { editDocument } from '../../../stores/document-actions.js';
import { selectActiveService } from '../../../stores/settings-store.js';
import { useAppStores, useSettingsStore } from '../../../stores/stores-context.js';

type OverrunFlag = Extract<TakeFlag, { kind: 'overrun' }>;

/** The overrun flag among a block's open flags, if it has one. */
export function overrunOf(flags: readonly TakeFlag[] | undefined): OverrunFlag | undefined {
  return flags?.find((flag): flag is OverrunFlag => flag.kind === 'overrun');
}

/**
 * The next step for a fixed timed line whose take still runs past its slot: a stretch when at most 15 % is enough
 * (free, local), or a faster take at the rate that fits. The faster take is sent only on this click, and through
 * Generate's own checks (its credits are asked about above the user's figure).
 */
export function OverrunActions({ blockId, flag }: { blockId: string; flag: OverrunFlag }) {
  const stores = useAppStores();
  const active = useSettingsStore(selectActiveService);
  const { min, max } = RANGES.speechRate;
  const sendable = Number.isFinite(flag.neededRate) && flag.neededRate >= min && flag.neededRate <= max;
  const rate = flag.neededRate.toFixed(2);
  const fasterTake = (): void => {
    const edited = editDocument(
      stores,
      (project) => updateBlock(project, blockId, { speechRate: flag.neededRate }),
      { label: `Speech rate ${rate} to fit the slot` },
    );
    if (edited) void startGeneration(stores, active?.url, { newTake: false, blockIds: [blockId] });
  };
  const allowStretch = (): void => {
    editDocument(stores, (project) => setTimingFields(project, blockId, { allowStretch: true }), {
      label: 'Allow a stretch',
    });
  };
  return (
    <span className="review-overrun-actions">
      {flag.stretchable ? (
        <button
          type="button"
          className="link-button"
          data-testid="review-overrun-stretch"
          title="Speed this take up locally, keeping its pitch, by just enough to end in its slot (at most 15 %); nothing is sent"
          onClick={allowStretch}
        >
          Stretch to fit
        </button>
      ) : null}{' '}
      <button
        type="button"
        className="link-button"
        data-testid="review-overrun-faster"
        disabled={!sendable || active === undefined}
        title={
          sendable
            ? `Set this line's speech rate to ${rate} and generate a new take of it (its current take is kept)`
            : `It would need speech rate ${rate}, and the app sends ${min} to ${max}: rewrite it shorter instead`
        }
        onClick={fasterTake}
      >
        Faster take at {rate}
      </button>
    </span>
  );
}
