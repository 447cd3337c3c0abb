import type { TimedPreview, TimedPreviewCue } from '../../../common/import/timed-preview.js';
import { RANGES } from '../../../common/rules/vocabulary.js';
import { formatTimestamp } from '../../../common/subtitles/subtitle-format.js';
import { formatCount, formatCountOf } from '../../shared/format.js';

/**
 * The cues of a subtitle file or timed sheet before import: each with its start, end and slot, its speaker and
 * lane, and the fit check's first estimate of its length, the lines that will overrun marked with the rate they
 * would need. The estimate is the generic pace at the neutral rate: the editor's fit check refines it with each
 * voice's pace and the pronunciation rules once the project exists.
 */
export function TimedPreviewView({ timed }: { timed: TimedPreview }) {
  return (
    <div data-testid="import-timed-preview">
      <p data-testid="import-timed-summary">
        <strong>
          {formatCountOf(timed.cues, 'timed line', 'timed lines')} in{' '}
          {formatCountOf(timed.lanes, 'lane', 'lanes')}
        </strong>
        {' · '}
        {timed.overruns === 0 ? (
          'every line is estimated to fit its slot'
        ) : (
          <span className="field-error" data-testid="import-timed-overruns" data-count={timed.overruns}>
            {formatCountOf(timed.overruns, 'line is', 'lines are')} estimated to overrun{' '}
            {timed.overruns === 1 ? 'its' : 'their'} slot
          </span>
        )}
      </p>
      <p className="hint">
        One block per cue, at its time; the split options do not apply. Estimates are at an average pace: the
        editor’s fit check refines them with each voice’s own pace.
      </p>
      {/* Focusable, so the keyboard scrolls the cues too. */}
      <div
        className="import-timed-scroll"
        data-testid="import-timed-scroll"
        role="region"
        aria-label="Cues"
        tabIndex={0}
      >
        <table className="import-timed-cues">
          <thead>
            <tr>
              <th scope="col">Start</th>
              <th scope="col">End</th>
              <th scope="col">Slot</th>
              <th scope="col">Speaker</th>
              <th scope="col">Line</th>
              <th scope="col">Estimate</th>
              <th scope="col">Fit</th>
            </tr>
          </thead>
          <tbody>
            {timed.shown.map((cue, index) => (
              <tr
                key={index}
                data-testid="import-timed-cue"
                data-overrun={cue.overrunMs > 0 ? 'true' : 'false'}
                className={cue.overrunMs > 0 ? 'overrun' : undefined}
              >
                <td>{formatTimestamp(cue.startMs, '.')}</td>
                <td>{cue.endMs !== undefined ? formatTimestamp(cue.endMs, '.') : '—'}</td>
                <td>{cue.slotMs !== undefined ? seconds(cue.slotMs) : 'open'}</td>
                <td className="import-timed-speaker">
                  {cue.speaker ?? 'Narrator'} <span className="hint">(lane {cue.lane + 1})</span>
                </td>
                <td className="import-timed-text">{cue.text}</td>
                <td>{seconds(cue.estimatedMs)}</td>
                <td className="import-timed-fit" data-testid="import-timed-fit">
                  {fitText(cue)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {timed.cues > timed.shown.length ? (
        <p className="hint">
          …and {formatCountOf(timed.cues - timed.shown.length, 'more line', 'more lines')}; the counts above
          cover them all.
        </p>
      ) : null}
    </div>
  );
}

/** "fits", "+1.2 s · needs rate 1.35", "+3.0 s · needs rate 2.60, past the 2 the app sends". */
function fitText(cue: TimedPreviewCue): string {
  if (cue.overrunMs <= 0) return 'fits';
  const over = `+${seconds(cue.overrunMs)}`;
  if (cue.neededRate === undefined) return over;
  const rate = `needs rate ${cue.neededRate.toFixed(2)}`;
  return cue.rateInRange
    ? `${over} · ${rate}`
    : `${over} · ${rate}, past the ${formatCount(RANGES.speechRate.max)} the app sends: shorten it`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
