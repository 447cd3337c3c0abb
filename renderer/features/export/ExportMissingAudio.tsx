import type { Project } from '../../../common/project/project-schema.js';
import type { SendContext } from '../../../common/project/send-context.js';
import { formatCount } from '../../shared/format.js';
import { CreditConfirm } from '../generation/CreditConfirm.js';
import { estimateGeneration } from '../generation/generation-estimate.js';
import { rewriteHeldSentence } from '../generation/rewrite-held-sentence.js';
import { missingAudioLine } from './missing-audio-line.js';
import type { ExportStage } from './use-export-attempt.js';

/**
 * The blocks main found without current audio, with the offer to generate them, then export: at its estimated
 * credits, and above the credits set in Settings → Generation only on the user's word.
 */
export function ExportMissingAudio(props: {
  missing: Extract<ExportStage, { kind: 'missing' }>;
  project: Project | null;
  context: SendContext | null;
  confirmAboveCredits: number;
  onConfirming(confirming: boolean): void;
  onGenerate(blocks: number): void;
}) {
  const { missing, project, context, confirmAboveCredits, onConfirming, onGenerate } = props;
  // What "generate, then export" sends: the blocks main found without current audio, at their characters as sent,
  // less the lines marked to rewrite shorter, which main holds back too (common/project/rewrite-holds.ts).
  const estimate =
    project === null || context === null
      ? undefined
      : estimateGeneration(
          project,
          context,
          missing.missing.map((item) => item.blockId),
        );
  const count = estimate?.blockIds.size ?? missing.missing.length;
  const credits = estimate?.credits ?? 0;
  const rewriteHeld = estimate?.rewriteHeld.length ?? 0;
  return (
    <div className="export-missing" data-testid="export-missing">
      <p>{missing.message}</p>
      <ul>
        {missing.missing.slice(0, 8).map((item) => (
          <li key={item.blockId}>{missingAudioLine(item, project)}</li>
        ))}
        {missing.missing.length > 8 ? <li>…and {missing.missing.length - 8} more</li> : null}
      </ul>
      {rewriteHeld > 0 ? (
        // The export could not be complete: those lines would still lack audio once the others are made, so it
        // is not offered (generating the others stays in the editor's Generate).
        <p className="hint" data-testid="export-rewrite-held">
          {rewriteHeldSentence(rewriteHeld)}. The export needs them: rewrite them, or clear the mark, then
          export again.
        </p>
      ) : missing.confirming ? (
        <CreditConfirm
          what={`Generate ${formatCount(count)} block${count === 1 ? '' : 's'}, then export`}
          credits={credits}
          threshold={confirmAboveCredits}
          reuse
          confirmLabel="Generate, then export"
          onConfirm={() => {
            onConfirming(false);
            onGenerate(count);
          }}
          onCancel={() => onConfirming(false)}
        />
      ) : (
        <button
          type="button"
          className="primary"
          data-testid="export-generate-missing"
          title="Credits are an estimate: audio already made for the same content is reused at no cost."
          onClick={() => {
            // A large generation waits for the user's word, as the editor's Generate does.
            if (credits > confirmAboveCredits) {
              onConfirming(true);
              return;
            }
            onGenerate(count);
          }}
        >
          Generate {count} block{count === 1 ? '' : 's'} (≈ {formatCount(credits)} credits), then export
        </button>
      )}
    </div>
  );
}
