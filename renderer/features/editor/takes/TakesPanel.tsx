import { useState } from 'react';
import { useSendContext } from '../../../shared/send-context.js';
import type { Block, Project, Take } from '../../../../common/project/index.js';
import {
  acceptTakeFlags,
  activeTake,
  contentHash,
  deleteTakes,
  pinTake,
  reopenTakeFlags,
  takesOf,
  unpinTake,
} from '../../../../common/project/index.js';
import { RequestId } from '../../../components/RequestId.js';
import { selectActiveService, selectCheckThresholds } from '../../../stores/settings-store.js';
import { selectSegmentAudio } from '../../../stores/generation-store.js';
import { useAppStores, useGenerationStore, useSettingsStore } from '../../../stores/stores-context.js';
import { startGeneration } from '../../generation/start-generation.js';
import { useTakePlayer } from '../playback/take-player.js';
import { openFlagsOf } from '../../../shared/project-derived.js';
import { useHashedProject } from '../use-hashed-project.js';
import { formatDateTime } from '../../../shared/date-format.js';
import { describeFlag } from '../../../../common/audio/take-checks.js';
import { editDocument } from '../../../stores/document-actions.js';

function describeTake(take: Take): string {
  const parts = [`${(take.durationMs / 1000).toFixed(1)} s`, formatDateTime(take.generatedAt)];
  if (take.seed !== undefined) parts.push(`seed ${take.seed}`);
  return parts.join(' · ');
}

/**
 * The block's takes, newest first: listen to any, compare two at the same position (A/B), pin the one to keep,
 * delete the rest, or ask for another take (a new seed; the takes so far stay). The take that plays and exports
 * is marked, with the review's open flags on it and "Sounds fine" to close them for that take; takes of earlier
 * text or parameters are listed too and come back when the block matches them again.
 */
export function TakesPanel({
  block,
  project,
  unavailableReason,
}: {
  block: Block;
  project: Project;
  unavailableReason: string | null;
}) {
  const stores = useAppStores();
  const media = useGenerationStore(selectSegmentAudio);
  const active = useSettingsStore(selectActiveService);
  const player = useTakePlayer();
  const [compare, setCompare] = useState<{ a: string; b: string } | null>(null);
  const context = useSendContext(project);
  const takes = takesOf(block);
  const playing = activeTake(block, context);
  const hash = contentHash(block, context);
  const numbers = new Map(takes.map((take, index) => [take.cacheKey, index + 1]));
  // The review's open flags on this block, judged once the project is hashed (as the Needs review panel does).
  const thresholds = useSettingsStore(selectCheckThresholds);
  const hashed = useHashedProject();
  const openFlags =
    hashed === null ? undefined : openFlagsOf(hashed.project, hashed.context, thresholds).get(block.id);
  const srcOf = (cacheKey: string): string | undefined => media[cacheKey]?.mediaPath;

  const edit = (label: string, change: (doc: Project) => Project): void => {
    editDocument(stores, change, { label });
  };
  const toggle = (take: Take): void => {
    const src = srcOf(take.cacheKey);
    if (player.playback.kind === 'playing' && player.playback.cacheKey === take.cacheKey) player.stop();
    else if (src) player.play(take.cacheKey, src);
  };
  const listen = (cacheKey: string): void => {
    const src = srcOf(cacheKey);
    if (!src) return;
    if (player.playback.kind === 'playing') player.switchTo(cacheKey, src);
    else player.play(cacheKey, src);
  };
  const anotherTake = (): void =>
    void startGeneration(stores, active?.url, { newTake: true, blockIds: [block.id] });

  return (
    <section className="takes-panel" data-testid="takes-panel" aria-label="Takes">
      <header className="takes-header">
        <h3>Takes {takes.length > 0 ? `(${takes.length})` : ''}</h3>
        <button
          type="button"
          data-testid="another-take"
          disabled={unavailableReason !== null || block.locked || takes.length === 0}
          title={
            unavailableReason ??
            (block.locked
              ? 'The block is locked: unlock it to take it again.'
              : takes.length === 0
                ? 'This block has no take yet: Generate makes the first one.'
                : 'Generate this block again with a new seed; the takes so far are kept')
          }
          onClick={anotherTake}
        >
          Another take
        </button>
      </header>
      {compare === null ? null : (
        <div
          className="takes-compare"
          role="group"
          aria-label="Compare two takes"
          data-testid="takes-compare"
        >
          {(['a', 'b'] as const).map((side) => {
            const key = compare[side];
            const current = player.playback.kind === 'playing' && player.playback.cacheKey === key;
            return (
              <button
                key={side}
                type="button"
                aria-pressed={current}
                data-testid={`compare-${side}`}
                disabled={srcOf(key) === undefined}
                onClick={() => listen(key)}
              >
                {side.toUpperCase()}: Take {numbers.get(key)}
              </button>
            );
          })}
          <button type="button" onClick={player.stop} disabled={player.playback.kind === 'idle'}>
            ■ Stop
          </button>
          <button
            type="button"
            className="link-button"
            data-testid="compare-close"
            onClick={() => {
              player.stop();
              setCompare(null);
            }}
          >
            Done comparing
          </button>
        </div>
      )}
      {player.error !== null ? (
        <p className="field-error" role="alert" data-testid="take-play-error">
          {player.error}
        </p>
      ) : null}
      {takes.length === 0 ? (
        <p className="hint" data-testid="takes-empty">
          No takes yet: each generation of this block is kept here.
        </p>
      ) : (
        <ol className="take-list" reversed>
          {[...takes].reverse().map((take) => {
            const isActive = take.cacheKey === playing?.cacheKey;
            const isPinned = take.cacheKey === block.pinnedTake;
            const current = take.contentHash === hash;
            const src = srcOf(take.cacheKey);
            const isPlaying =
              player.playback.kind === 'playing' && player.playback.cacheKey === take.cacheKey;
            return (
              <li
                key={take.cacheKey}
                className={`take-row${isActive ? ' is-active' : ''}`}
                data-testid="take-row"
                data-cache-key={take.cacheKey}
                data-active={isActive}
                data-pinned={isPinned}
                data-current={current}
              >
                <div className="take-title">
                  <strong>Take {numbers.get(take.cacheKey)}</strong>
                  {isActive ? (
                    <span className="badge" title="This take plays in the preview and goes into exports">
                      In use
                    </span>
                  ) : null}
                  {isPinned ? <span className="badge">Pinned</span> : null}
                  {current ? null : (
                    <span
                      className="badge muted"
                      title={
                        take.made ? `Made from: “${take.made.text}”` : 'Made from earlier text or parameters'
                      }
                    >
                      Earlier version
                    </span>
                  )}
                </div>
                <div className="hint">{describeTake(take)}</div>
                {isActive && openFlags !== undefined ? (
                  <p className="hint" data-testid="take-flags">
                    ⚑ {openFlags.map(describeFlag).join(' ')}{' '}
                    <button
                      type="button"
                      className="link-button"
                      data-testid="take-sounds-fine"
                      title="You listened and this take is fine: these flags stay closed for this take (a new take is checked afresh)"
                      onClick={() =>
                        edit('Sounds fine', (doc) =>
                          acceptTakeFlags(
                            doc,
                            block.id,
                            take.cacheKey,
                            openFlags.map((flag) => flag.kind),
                          ),
                        )
                      }
                    >
                      Sounds fine
                    </button>
                  </p>
                ) : null}
                {take.acceptedFlags === undefined ? null : (
                  <p className="hint" data-testid="take-accepted">
                    Marked “Sounds fine” in review.{' '}
                    <button
                      type="button"
                      className="link-button"
                      data-testid="take-review-again"
                      title="Let the review check this take again"
                      onClick={() =>
                        edit('Review take again', (doc) => reopenTakeFlags(doc, block.id, take.cacheKey))
                      }
                    >
                      Review again
                    </button>
                  </p>
                )}
                {take.requestId === undefined ? null : <RequestId requestId={take.requestId} />}
                <div className="take-actions">
                  <button
                    type="button"
                    data-testid="take-play"
                    aria-pressed={isPlaying}
                    disabled={src === undefined}
                    title={
                      src === undefined ? 'This take’s audio is not on this computer' : 'Listen to this take'
                    }
                    onClick={() => toggle(take)}
                  >
                    {isPlaying ? '■ Stop' : '▶ Play'}
                  </button>
                  {current && playing !== undefined && !isActive ? (
                    <button
                      type="button"
                      data-testid="take-compare"
                      onClick={() => setCompare({ a: playing.cacheKey, b: take.cacheKey })}
                    >
                      Compare
                    </button>
                  ) : null}
                  {current ? (
                    <button
                      type="button"
                      data-testid={isPinned ? 'take-unpin' : 'take-pin'}
                      disabled={block.locked}
                      title={
                        isPinned
                          ? 'Unpin: the newest take plays again'
                          : 'Use this take in preview and exports, whatever takes come later'
                      }
                      onClick={() =>
                        isPinned
                          ? edit('Unpin take', (doc) => unpinTake(doc, block.id))
                          : edit('Pin take', (doc) => pinTake(doc, block.id, take.cacheKey))
                      }
                    >
                      {isPinned ? 'Unpin' : 'Pin'}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="danger"
                    data-testid="take-delete"
                    disabled={block.locked}
                    title="Remove this take from the block (undo brings it back)"
                    onClick={() => {
                      if (isPlaying) player.stop();
                      if (compare && (compare.a === take.cacheKey || compare.b === take.cacheKey))
                        setCompare(null);
                      edit('Delete take', (doc) => deleteTakes(doc, block.id, [take.cacheKey]));
                    }}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
