import { useId, useMemo } from 'react';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { formatShortDuration, speechLanes } from '../../../../common/project/speech-lanes.js';
import { formatTimecode } from '../../../../common/project/timecode.js';
import type { TimingFieldsPatch } from '../../../../common/project/timing-edits.js';
import {
  makeFlowing,
  makeTimed,
  moveTimedBlock,
  setTimingFields,
} from '../../../../common/project/timing-edits.js';
import type { FitMode } from '../../../../common/project/timing-schema.js';
import { MAX_SPEECH_LANES, MAX_STRETCH } from '../../../../common/project/timing-schema.js';
import type { TimelineLayout } from '../../../../common/project/timeline-layout.js';
import type { FitLine } from '../../../../common/timing/fit-check.js';
import { RANGES } from '../../../../common/rules/vocabulary.js';
import { fitLinesOf, layoutOf, placedSpeechItem } from '../../../shared/project-derived.js';
import type { EditResult } from '../../../stores/document-store.js';
import { useAppStores } from '../../../stores/stores-context.js';
import { useSendContext } from '../../../shared/send-context.js';
import { useFollowedProject } from '../use-followed-project.js';
import { FieldRow } from './inspector-fields.js';
import { TimecodeInput } from './TimecodeInput.js';
import './timing-fields.css';

const LANE_NUMBERS = Array.from({ length: MAX_SPEECH_LANES }, (_, lane) => lane);
const FIT_LABELS: Record<FitMode, string> = {
  fixed: 'Fixed: must end inside its slot',
  dynamic: 'Dynamic: may run on into the free time after it',
};

/**
 * A text block's place in time: flowing (after the block before it) or timed (its start, cue end, lane and fit
 * mode), with its slot and whether its take, or the estimate before there is one, fits it.
 */
export function TimingFields({ project, block }: { project: Project; block: TextBlock }) {
  const stores = useAppStores();
  // The slot, the fit and the lanes' names are figures of the whole project: they come from the snapshot the
  // timeline shows (use-followed-project.ts), so typing in a line of a 1,500-cue dub does not lay out and check
  // every line on each keystroke. The fields show the block itself, as the document has it now.
  const followed = useFollowedProject();
  const shown = followed ?? project;
  const shownContext = useSendContext(shown);
  const laneNames = useMemo(
    () => new Map(speechLanes(shown, shownContext).map((lane) => [lane.lane, lane.speakerName])),
    [shown, shownContext],
  );
  const layout = layoutOf(shown, shownContext);
  const item = placedSpeechItem(layout, block.id);
  const timing = block.timing;
  const disabled = block.locked;
  const ids = { start: useId(), cueEnd: useId(), lane: useId(), fit: useId() };
  const edit = (label: string, change: (doc: Project) => Project, coalesceKey?: string): EditResult =>
    stores.document
      .getState()
      .apply(change, { label, ...(coalesceKey === undefined ? {} : { coalesceKey }) });
  const setFields = (patch: TimingFieldsPatch, label: string): EditResult =>
    edit(label, (doc) => setTimingFields(doc, block.id, patch));

  return (
    <fieldset className="inspector-timing" data-testid="timing-fields" disabled={disabled}>
      <legend>Timing</legend>
      <div className="timing-mode" role="radiogroup" aria-label="Timing">
        <label>
          <input
            type="radio"
            name={`${block.id}-timing`}
            data-testid="timing-mode-flowing"
            checked={timing === undefined}
            onChange={() => edit('Let the line flow', (doc) => makeFlowing(doc, block.id))}
          />
          Flowing: follows the block before it
        </label>
        <label>
          <input
            type="radio"
            name={`${block.id}-timing`}
            data-testid="timing-mode-timed"
            checked={timing !== undefined}
            onChange={() => edit('Time the line', (doc) => makeTimed(doc, block.id, item?.startMs ?? 0))}
          />
          Timed: starts at its own time
        </label>
      </div>
      {timing === undefined ? null : (
        <>
          <FieldRow label="Start" field="timing.startMs" controlId={ids.start}>
            <TimecodeInput
              id={ids.start}
              value={timing.startMs}
              testId="field-timing-start"
              disabled={disabled}
              onCommit={(ms) =>
                edit('Move the line', (doc) => moveTimedBlock(doc, block.id, ms ?? timing.startMs))
              }
            />
          </FieldRow>
          <FieldRow
            label="Cue end"
            field="timing.cueEndMs"
            controlId={ids.cueEnd}
            hint="Where its slot ends. Empty: at the next timed line in its lane."
          >
            <TimecodeInput
              id={ids.cueEnd}
              value={timing.cueEndMs}
              allowEmpty
              placeholder="next line"
              testId="field-timing-cueEnd"
              disabled={disabled}
              onCommit={(ms) => setFields({ cueEndMs: ms }, 'Change the cue end')}
            />
          </FieldRow>
          <FieldRow label="Lane" field="timing.lane" controlId={ids.lane}>
            <select
              id={ids.lane}
              data-testid="field-timing-lane"
              value={timing.lane}
              onChange={(event) =>
                edit('Change the lane', (doc) =>
                  moveTimedBlock(doc, block.id, timing.startMs, Number(event.target.value)),
                )
              }
            >
              {LANE_NUMBERS.map((lane) => (
                <option key={lane} value={lane}>
                  Lane {lane + 1}
                  {laneNames.get(lane) === undefined ? '' : ` (${laneNames.get(lane)})`}
                </option>
              ))}
            </select>
          </FieldRow>
          <FieldRow label="Fit" field="timing.fit" controlId={ids.fit}>
            <select
              id={ids.fit}
              data-testid="field-timing-fit"
              value={timing.fit}
              onChange={(event) => setFields({ fit: event.target.value as FitMode }, 'Change the fit mode')}
            >
              {(Object.keys(FIT_LABELS) as FitMode[]).map((fit) => (
                <option key={fit} value={fit}>
                  {FIT_LABELS[fit]}
                </option>
              ))}
            </select>
          </FieldRow>
          <label className="default-toggle">
            <input
              type="checkbox"
              data-testid="field-timing-allowStretch"
              checked={timing.allowStretch === true}
              onChange={(event) =>
                setFields({ allowStretch: event.target.checked }, 'Change the stretch allowance')
              }
            />
            Allow a stretch of up to {Math.round(MAX_STRETCH * 100)} % (keeps the pitch)
          </label>
          <label className="default-toggle">
            <input
              type="checkbox"
              data-testid="field-timing-rewrite"
              checked={timing.rewrite === true}
              onChange={(event) => setFields({ rewrite: event.target.checked }, 'Mark to rewrite shorter')}
            />
            Rewrite shorter
          </label>
          <SlotReadout layout={layout} blockId={block.id} fit={timing.fit} />
          <NeededRate line={fitLinesOf(shown, shownContext).find((line) => line.blockId === block.id)} />
        </>
      )}
    </fieldset>
  );
}

/** The slot's length, the line's length (real or estimated) and by how much it overruns, in words. */
function SlotReadout({ layout, blockId, fit }: { layout: TimelineLayout; blockId: string; fit: FitMode }) {
  const item = placedSpeechItem(layout, blockId);
  const slot = layout.slots.get(blockId);
  if (item === undefined) return null;
  const length = `${item.source === 'estimate' ? 'estimated ≈ ' : ''}${formatShortDuration(item.durationMs)}`;
  const slotMs = slot?.endMs === undefined ? undefined : slot.endMs - item.startMs;
  const overrunMs = slotMs === undefined ? 0 : item.durationMs - slotMs;
  const limitMs = slot?.limitMs === undefined ? undefined : slot.limitMs - item.startMs;
  const runsPastLimit = fit === 'dynamic' && limitMs !== undefined && item.durationMs > limitMs;
  return (
    <p
      className={`hint timing-slot${overrunMs > 0 ? ' is-overrun' : ''}`}
      data-testid="timing-slot"
      data-overrun-ms={Math.max(0, Math.round(overrunMs))}
    >
      {slotMs === undefined
        ? `Open slot (nothing after it). Length ${length}.`
        : `Slot ${formatShortDuration(Math.max(0, slotMs))} (to ${formatTimecode(slot!.endMs!)}). Length ${length}.`}{' '}
      {overrunMs > 0
        ? fit === 'dynamic' && !runsPastLimit
          ? `Runs ${formatShortDuration(overrunMs)} past its slot, into the free time after it.`
          : `Overruns its slot by ${formatShortDuration(overrunMs)}.`
        : slotMs === undefined
          ? ''
          : `Fits, with ${formatShortDuration(-overrunMs)} to spare.`}
      {runsPastLimit ? ` It also runs into the next line of its lane.` : ''}
    </p>
  );
}

/** For a line that overruns: the speech rate that would make it fit, and whether the app may send it. */
function NeededRate({ line }: { line: FitLine | undefined }) {
  if (line?.neededRate === undefined || !Number.isFinite(line.neededRate)) return null;
  const { min, max } = RANGES.speechRate;
  return (
    <p className="hint" data-testid="timing-needed-rate">
      To fit, it needs a speech rate of {line.neededRate.toFixed(2)} (now {line.rate}):{' '}
      {line.rateInRange
        ? `inside the ${min} to ${max} the app sends.`
        : `outside the ${min} to ${max} the app sends; stretch it or rewrite it shorter.`}
    </p>
  );
}
