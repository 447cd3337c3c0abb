import type { FitLine, FitSuggestion } from '../../../../common/timing/fit-check.js';
import { withinStretch } from '../../../../common/timing/fit-check.js';
import type { FitRemedy } from '../../../../common/timing/fit-remedies.js';
import { FIT_REMEDIES } from '../../../../common/timing/fit-remedies.js';
import { formatClock } from '../../../shared/format.js';

const SUGGESTION_TEXT: Record<FitSuggestion, string> = {
  fits: 'Fits',
  'run-on': 'Let it run on into the free time after its slot',
  rate: 'Speak it faster',
  stretch: 'Stretch the take (at most 15 %, pitch kept)',
  rewrite: 'Rewrite it shorter',
};

const COVERED_TEXT = { 'run-on': 'Runs on into free time', stretch: 'Stretch allowed' } as const;

function remedyLabel(remedy: FitRemedy, line: FitLine): string {
  switch (remedy) {
    case 'rate':
      return line.neededRate !== undefined && Number.isFinite(line.neededRate)
        ? `Rate ${line.neededRate.toFixed(2)}`
        : 'Rate';
    case 'stretch':
      return 'Stretch';
    case 'run-on':
      return 'Run on';
    case 'rewrite':
      return 'Rewrite';
    default: {
      const exhaustive: never = remedy;
      return exhaustive;
    }
  }
}

/** Why a remedy is not offered for this line, or null when it is (one that could not make it fit is not). */
function refusal(remedy: FitRemedy, line: FitLine): string | null {
  if (remedy === 'rate' && !line.rateInRange) return 'The app cannot send this rate (0.5 to 2).';
  if (remedy === 'stretch' && line.coveredBy === 'stretch') return 'A stretch is allowed already.';
  if (remedy === 'stretch' && line.slotMs !== undefined && !withinStretch(line.estimatedMs, line.slotMs))
    return `A stretch of at most 15 % cannot fit it in its ${seconds(line.slotMs)} slot.`;
  if (remedy === 'run-on' && line.coveredBy === 'run-on') return 'It runs on already.';
  if (remedy === 'run-on' && line.freeAfterMs !== undefined && line.overrunMs > line.freeAfterMs)
    return `Only ${seconds(line.freeAfterMs)} is free after its slot, before the next line in its lane.`;
  return null;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * One overrunning timed line of the fit check, with its figures and the four remedies; those the line has been
 * given already show pressed.
 */
export function FitLineRow({
  line,
  label,
  chosen,
  onSelect,
  onRemedy,
}: {
  line: FitLine;
  label: string;
  /** The remedies this line has already (chosenRemedies). */
  chosen: readonly FitRemedy[];
  onSelect(): void;
  onRemedy(remedy: FitRemedy): void;
}) {
  const rate = line.neededRate;
  return (
    <tr data-testid="fit-line" data-block-id={line.blockId} data-suggestion={line.suggestion}>
      <td>
        <button type="button" className="link-button" data-testid="fit-line-select" onClick={onSelect}>
          {label}
        </button>
      </td>
      <td className="fit-number">{formatClock(line.startMs, { tenths: true })}</td>
      <td className="fit-number" data-testid="fit-line-slot">
        {line.slotMs === undefined ? '—' : seconds(line.slotMs)}
      </td>
      <td
        className="fit-number"
        title={line.source === 'audio' ? 'Measured on its take' : 'Estimated before generation'}
      >
        {line.source === 'audio' ? '' : '≈ '}
        {seconds(line.estimatedMs)}
      </td>
      <td className="fit-number" data-testid="fit-line-overrun">
        +{seconds(line.overrunMs)}
      </td>
      <td data-testid="fit-line-rate">
        <span className="fit-number">
          {rate === undefined ? '—' : Number.isFinite(rate) ? rate.toFixed(2) : 'none'}
        </span>{' '}
        <span className={line.rateInRange ? 'hint' : 'fit-out-of-range'} data-testid="fit-line-rate-range">
          {line.rateInRange ? '(can be sent)' : '(outside 0.5–2)'}
        </span>
      </td>
      <td data-testid="fit-line-suggestion">
        {line.coveredBy !== undefined
          ? COVERED_TEXT[line.coveredBy]
          : line.needsDecision
            ? SUGGESTION_TEXT[line.suggestion]
            : 'Marked to rewrite'}
      </td>
      <td className="fit-line-remedies">
        {FIT_REMEDIES.map((remedy) => {
          const refused = refusal(remedy, line);
          const isChosen = chosen.includes(remedy);
          return (
            <button
              key={remedy}
              type="button"
              data-testid={`fit-remedy-${remedy}`}
              className={
                isChosen
                  ? 'fit-remedy-chosen'
                  : remedy === line.suggestion && line.needsDecision
                    ? 'primary'
                    : undefined
              }
              aria-pressed={isChosen}
              // A rate chosen before may still fall short: the rate it needs now can be sent again.
              disabled={refused !== null || (isChosen && remedy !== 'rate')}
              title={isChosen ? 'Chosen for this line (Undo takes it back)' : (refused ?? undefined)}
              onClick={() => onRemedy(remedy)}
            >
              {isChosen ? '✓ ' : ''}
              {remedyLabel(remedy, line)}
            </button>
          );
        })}
      </td>
    </tr>
  );
}
