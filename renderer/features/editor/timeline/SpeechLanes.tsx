import { Fragment } from 'react';
import type { ReactNode } from 'react';
import type { Project } from '../../../../common/project/project-schema.js';
import type { SpeechLane } from '../../../../common/project/speech-lanes.js';
import { formatShortDuration } from '../../../../common/project/speech-lanes.js';
import type { PlacedItem, TimelineLayout } from '../../../../common/project/timeline-layout.js';
import { formatClock } from '../../../shared/format.js';
import { msToPx } from './timeline-geometry.js';
import type { TimelineDrag } from './use-timeline-drag.js';

/** The lanes shown as rows: those in use, and the new one a timed line is being dragged into. */
export function laneRowNumbers(lanes: readonly SpeechLane[], drag: TimelineDrag | null): number[] {
  const numbers = lanes.map((lane) => lane.lane);
  if (drag?.kind === 'timed' && !numbers.includes(drag.lane)) numbers.push(drag.lane);
  return numbers;
}

/** The speech labels in the label column: "Speech" while nothing is timed, else one per lane row. */
export function SpeechLaneLabels({
  lanes,
  rows,
  timed,
}: {
  lanes: readonly SpeechLane[];
  rows: readonly number[];
  timed: boolean;
}) {
  if (!timed) return <div className="timeline-label">Speech</div>;
  const labels = new Map(lanes.map((lane) => [lane.lane, lane.label]));
  return (
    <>
      {rows.map((lane) => (
        <div key={lane} className="timeline-label timeline-label-lane" data-testid="speech-lane-label">
          {labels.get(lane) ?? `Lane ${lane + 1}`}
        </div>
      ))}
    </>
  );
}

/**
 * The speech track: one row per lane, each line drawn in its lane at its start (a dragged timed line where it
 * would land). Behind a timed line, its slot (to the cue end, or the next timed line); for a dynamic line, the
 * free time after it up to the next block, drawn apart. Past the slot, the overrun; where lines of one lane
 * overlap, the conflict, with a tooltip naming both. Only the visible items are walked.
 */
export function SpeechLanes({
  project,
  layout,
  rows,
  visible,
  zoom,
  drag,
  renderBlock,
}: {
  project: Project;
  layout: TimelineLayout;
  rows: readonly number[];
  visible: readonly PlacedItem[];
  zoom: number;
  drag: TimelineDrag | null;
  renderBlock(item: PlacedItem, offsetPx: number): ReactNode;
}) {
  const timedDrag = drag?.kind === 'timed' ? drag : null;
  const rowOf = (item: PlacedItem): number => {
    const lane =
      timedDrag !== null && timedDrag.ids.size === 1 && timedDrag.blockId === item.blockId
        ? timedDrag.lane
        : item.lane;
    return Math.max(0, rows.indexOf(lane));
  };
  const dragOffsetPx = timedDrag === null ? 0 : msToPx(timedDrag.startMs - timedDrag.originStartMs, zoom);
  const byRow: ReactNode[][] = rows.map(() => []);
  const shownById = new Map<string, PlacedItem>();
  for (const item of visible) {
    shownById.set(item.blockId, item);
    const row = byRow[rowOf(item)]!;
    const offsetPx = timedDrag?.carried.has(item.blockId) === true ? dragOffsetPx : 0;
    if (item.timed && offsetPx === 0) row.push(slotMarks(project, layout, item, zoom));
    row.push(renderBlock(item, offsetPx));
  }
  for (const conflict of layout.conflicts) {
    const first = shownById.get(conflict.blockId);
    const next = shownById.get(conflict.nextBlockId);
    if (first === undefined || next === undefined) continue;
    byRow[rowOf(first)]!.push(
      <div
        key={`conflict:${conflict.blockId}:${conflict.nextBlockId}`}
        className="timeline-conflict"
        data-testid="timeline-conflict"
        data-block-ids={`${conflict.blockId} ${conflict.nextBlockId}`}
        title={`Lines ${first.index + 1} and ${next.index + 1} overlap by ${formatShortDuration(conflict.overlapMs)} in lane ${conflict.lane + 1}: both would play at once.`}
        style={{ left: msToPx(next.startMs, zoom), width: Math.max(2, msToPx(conflict.overlapMs, zoom)) }}
      />,
    );
  }
  return (
    <div
      className="timeline-track timeline-track-speech"
      data-track="speech"
      data-testid="track-speech"
      // Rows as tall as the labels beside them (timeline.css: --timeline-row, slimmer in a short window).
      style={{ height: `calc(${String(rows.length)} * var(--timeline-row))` }}
    >
      {rows.map((lane, row) => (
        <div
          key={lane}
          className="timeline-lane"
          data-testid="speech-lane"
          data-lane={lane}
          style={{ top: `calc(${String(row)} * var(--timeline-row))` }}
        >
          {byRow[row]}
        </div>
      ))}
      {timedDrag === null ? null : (
        // Where the pressed line starts as it is dragged, to the millisecond, just above it in its row.
        <div
          className="timeline-drag-time"
          data-testid="timeline-drag-time"
          style={{
            left: msToPx(timedDrag.startMs, zoom),
            top: `calc(${String(Math.max(0, rows.indexOf(timedDrag.lane)))} * var(--timeline-row))`,
          }}
        >
          {formatClock(timedDrag.startMs, { millis: true })}
        </div>
      )}
      {timedDrag?.snapMs === undefined ? null : (
        <div
          className="timeline-snap-line"
          data-testid="timeline-snap-line"
          style={{ left: msToPx(timedDrag.snapMs, zoom) }}
        />
      )}
    </div>
  );
}

/** A timed line's slot, its dynamic run-on room and its overrun, drawn behind and over the block. */
function slotMarks(project: Project, layout: TimelineLayout, item: PlacedItem, zoom: number): ReactNode {
  const slot = layout.slots.get(item.blockId);
  const block = project.tracks.speech.blocks[item.index];
  const fit = block?.type === 'text' ? block.timing?.fit : undefined;
  if (slot?.endMs === undefined) return null;
  const slotEnd = slot.endMs;
  const limit = fit === 'dynamic' ? (slot.limitMs ?? slotEnd) : slotEnd;
  const overrunEnd = item.endMs > limit ? item.endMs : undefined;
  return (
    <Fragment key={`slot:${item.blockId}`}>
      <div
        className="timeline-slot"
        data-testid="timeline-slot"
        data-block-id-slot={item.blockId}
        title={`Slot: ${formatShortDuration(slotEnd - item.startMs)}`}
        style={{ left: msToPx(item.startMs, zoom), width: Math.max(1, msToPx(slotEnd - item.startMs, zoom)) }}
      />
      {fit === 'dynamic' && limit > slotEnd ? (
        <div
          className="timeline-slot-runon"
          data-testid="timeline-slot-runon"
          title={`May run on ${formatShortDuration(limit - slotEnd)} past its slot (dynamic)`}
          style={{ left: msToPx(slotEnd, zoom), width: msToPx(limit - slotEnd, zoom) }}
        />
      ) : null}
      {overrunEnd === undefined ? null : (
        <div
          className="timeline-overrun"
          data-testid="timeline-overrun"
          title={`Overruns its slot by ${formatShortDuration(item.endMs - limit)}`}
          style={{ left: msToPx(limit, zoom), width: Math.max(2, msToPx(overrunEnd - limit, zoom)) }}
        />
      )}
    </Fragment>
  );
}
