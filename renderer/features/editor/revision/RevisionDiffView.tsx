import type { RevisionPlan } from '../../../../common/import/revision-apply.js';
import { keptLocked, revisionCounts } from '../../../../common/import/revision-apply.js';
import type { RevisionChange, RevisionChangeKind } from '../../../../common/import/revision-match.js';
import { formatCount, formatCountOf } from '../../../shared/format.js';
import type { RevisionEstimate } from './revision-estimate.js';

/** A 10,000-paragraph book revised throughout lists this many changes; the counts above still cover them all. */
const MAX_LISTED = 400;

const KIND_LABELS: Record<Exclude<RevisionChangeKind, 'unchanged'>, string> = {
  changed: 'Changed',
  added: 'Added',
  removed: 'Removed',
  moved: 'Moved',
  split: 'Split',
  merged: 'Merged',
};

/**
 * The diff a re-import would apply: counts of each kind, what it costs to generate again, and every change with
 * its old and new text (unchanged blocks are only counted: they keep their audio).
 */
export function RevisionDiffView({ plan, estimate }: { plan: RevisionPlan; estimate: RevisionEstimate }) {
  const counts = revisionCounts(plan);
  const listed = plan.changes.filter((change) => change.kind !== 'unchanged');
  const extra = estimate.pendingAfter.blocks - estimate.pendingNow.blocks;
  return (
    <div className="revision-diff" data-testid="revision-diff">
      <ul className="revision-counts" data-testid="revision-counts">
        <li data-testid="revision-count-unchanged">
          {formatCount(counts.unchanged)} unchanged (their audio is kept)
        </li>
        {(Object.keys(KIND_LABELS) as (keyof typeof KIND_LABELS)[]).map((kind) => (
          <li key={kind} data-testid={`revision-count-${kind}`}>
            {formatCount(counts[kind])} {KIND_LABELS[kind].toLowerCase()}
          </li>
        ))}
        {counts.locked > 0 ? (
          <li data-testid="revision-count-locked">
            {formatCountOf(counts.locked, 'change', 'changes')} to locked blocks not applied (unlock them
            first)
          </li>
        ) : null}
      </ul>
      <p className="revision-credits" data-testid="revision-credits">
        After applying, {formatCountOf(estimate.pendingAfter.blocks, 'block needs', 'blocks need')}{' '}
        generating, ≈ {formatCount(estimate.pendingAfter.credits)} credits
        {estimate.pendingNow.blocks > 0
          ? ` (${formatCount(estimate.pendingNow.blocks)} of them, ≈ ${formatCount(estimate.pendingNow.credits)} credits, need it already)`
          : ''}
        . {extra > 0 ? `The revision adds ${formatCountOf(extra, 'block', 'blocks')} to generate. ` : ''}
        Estimated at one credit per character sent; nothing is sent until you generate.
      </p>
      <ChangedChapters chapters={estimate.chapters} />
      {listed.length === 0 ? (
        <p data-testid="revision-no-changes">
          The revision reads the same as the project: nothing would change.
        </p>
      ) : (
        <ol className="revision-changes" data-testid="revision-changes">
          {listed.slice(0, MAX_LISTED).map((change) => (
            <ChangeRow key={`${change.old.join(',')}:${change.new.join(',')}`} plan={plan} change={change} />
          ))}
        </ol>
      )}
      {listed.length > MAX_LISTED ? (
        <p data-testid="revision-more">
          And {formatCount(listed.length - MAX_LISTED)} more changes, counted above and applied with the rest.
        </p>
      ) : null}
    </div>
  );
}

function ChangeRow({ plan, change }: { plan: RevisionPlan; change: RevisionChange }) {
  const kind = change.kind as keyof typeof KIND_LABELS;
  const locked = keptLocked(plan, change);
  const oldTexts = change.old.map((index) => plan.blocks[index]?.text ?? '');
  const newTexts = change.new.map((index) => plan.paragraphs[index]?.text ?? '');
  return (
    <li className={`revision-change revision-change-${kind}`} data-testid="revision-change" data-kind={kind}>
      <span className="revision-change-kind">
        {KIND_LABELS[kind]}
        {locked ? ' (locked: kept as it is)' : ''}
      </span>
      {oldTexts.length > 0 ? (
        <div className="revision-old" data-testid="revision-old">
          {oldTexts.map((text, index) => (
            <p key={index}>{text}</p>
          ))}
        </div>
      ) : null}
      {newTexts.length > 0 && change.kind !== 'moved' ? (
        <div className="revision-new" data-testid="revision-new">
          {newTexts.map((text, index) => (
            <p key={index}>{text}</p>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** Which chapter files the revision makes out of date, so a per-chapter delivery re-exports only those. */
function ChangedChapters({ chapters }: { chapters: RevisionEstimate['chapters'] }) {
  if (chapters.changed.length === 0 && chapters.gone.length === 0) return null;
  return (
    <p className="revision-chapters" data-testid="revision-chapters">
      {chapters.changed.length > 0
        ? `Chapters whose audio changes (their chapter files need exporting again): ${chapters.changed.join(', ')}.`
        : 'No chapter’s audio changes.'}
      {chapters.gone.length > 0 ? ` No longer in the book: ${chapters.gone.join(', ')}.` : ''}
    </p>
  );
}
