import { formatCount } from '../../shared/format.js';
import { rewriteHeldSentence } from './rewrite-held-sentence.js';

/**
 * The question asked before a generation above the credits set in Settings → Generation, wherever it starts (the
 * editor's Generate and Another take, the export dialog's "generate, then export", the batch's "generate first"):
 * what it generates, up to how many credits, and the setting it is above. The contract has no account or balance
 * operation (the index names one, "behaviour not shown"), so the balance cannot be shown; it says so rather than
 * guessing.
 */
export function CreditConfirm({
  project,
  what,
  credits,
  threshold,
  reuse,
  confirmLabel,
  overrunLines = 0,
  rewriteHeld = 0,
  onOpenFitCheck,
  onConfirm,
  onCancel,
}: {
  /** The project it generates, where the question could outlive a switch of project (the editor's). */
  project?: string;
  /** What is about to be sent, e.g. "Generate 13 blocks, then export". */
  what: string;
  /** Upper bound of the credits it takes. */
  credits: number;
  /** The setting it is above. */
  threshold: number;
  /** Whether audio main already has for the same content is reused (a new take, with its new seed, never is). */
  reuse: boolean;
  confirmLabel: string;
  /** Timed lines sent whose estimate runs past their slot with no remedy chosen: named, with the fit check. */
  overrunLines?: number;
  /** Timed lines marked to rewrite shorter, held back: not in `what` nor in `credits`. */
  rewriteHeld?: number;
  onOpenFitCheck?: () => void;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <div
      className="stale-confirm generation-confirm"
      role="alertdialog"
      aria-label={what}
      data-testid="generation-confirm"
    >
      {project === undefined ? null : (
        <p className="generation-confirm-project" data-testid="generation-confirm-project">
          Project “{project}”
        </p>
      )}
      <p>
        <strong>{what}</strong>: up to ≈ {formatCount(credits)} credits (
        {reuse
          ? 'audio already made for the same text, voice and parameters is reused at no cost'
          : 'each new take has a new seed, so every block is charged'}
        ).
        {credits > threshold
          ? ` You asked to confirm above ${formatCount(threshold)} credits (Settings → Generation).`
          : null}
      </p>
      {overrunLines > 0 ? (
        <p className="generation-confirm-overrun" data-testid="generation-confirm-overrun">
          <strong>
            {formatCount(overrunLines)} timed line{overrunLines === 1 ? '' : 's'} will run past{' '}
            {overrunLines === 1 ? 'its slot' : 'their slots'}
          </strong>{' '}
          at the voice’s pace. Decide in the fit check before paying: a faster rate, a stretch, running on, or
          a rewrite.{' '}
          {onOpenFitCheck === undefined ? null : (
            <button
              type="button"
              className="link-button"
              data-testid="generation-confirm-fit-check"
              onClick={onOpenFitCheck}
            >
              Open the fit check
            </button>
          )}
        </p>
      ) : null}
      {rewriteHeld > 0 ? (
        <p className="generation-confirm-rewrite" data-testid="generation-confirm-rewrite">
          <strong>{rewriteHeldSentence(rewriteHeld)}.</strong>
        </p>
      ) : null}
      <p className="hint">
        The service does not tell the app your balance: check it with the service. Credits are held when a
        task is sent and returned if it fails.
      </p>
      <div className="form-actions">
        <button type="button" className="primary" data-testid="generation-confirm-send" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" data-testid="generation-confirm-cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
