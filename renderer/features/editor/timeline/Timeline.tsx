import type { MouseEvent as ReactMouseEvent } from 'react';
import { formatClock } from '../../../shared/format.js';
import { useSendContext } from '../../../shared/send-context.js';
import { useMemo, useRef } from 'react';
import type { TrackName } from '../../../../common/project/project-schema.js';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import { selectAnchorId, selectSelectedIds } from '../../../stores/document-store.js';
import { selectZoom } from '../../../stores/timeline-view-store.js';
import { flagsOf, layoutOf } from '../../../shared/project-derived.js';
import { TimelineBlock } from './TimelineBlock.js';
import { TimelinePlayhead } from './TimelinePlayhead.js';
import type { Block } from '../../../../common/project/project-schema.js';
import { useFollowedProject } from '../use-followed-project.js';
import { useHashed } from '../use-hashed-project.js';
import { useScrollViewport } from '../use-scroll-viewport.js';
import { blockProblems } from '../review/block-problems.js';
import { useServiceVoices } from '../../../shared/use-service-voices.js';
import {
  msToPx,
  pxToMs,
  rulerStepMs,
  speechDropTimeMs,
  visiblePlacedItems,
  visibleSpeechItems,
} from './timeline-geometry.js';
import { speechLanes } from '../../../../common/project/speech-lanes.js';
import { SpeechLaneLabels, SpeechLanes, laneRowNumbers } from './SpeechLanes.js';
import { selectBlockGenerations } from '../../../stores/generation-store.js';
import {
  useAppStores,
  useDocumentStore,
  useGenerationStore,
  useSettingsStore,
  useTimelineViewStore,
  useWaveformStore,
} from '../../../stores/stores-context.js';
import { selectCheckThresholds } from '../../../stores/settings-store.js';
import { selectWaveforms } from '../../../stores/waveform-store.js';
import { playableAudio } from '../../../../common/project/takes.js';
import { WaveformRequest } from '../waveform/WaveformRequest.js';
import { placedDragOffsetPx, useTimelineDrag } from './use-timeline-drag.js';
import { useTimelineZoom } from './use-timeline-zoom.js';
import { useRevealSelectedBlock } from './use-reveal-selected-block.js';
import { VideoTimelineLabels, VideoTimelineRows } from '../video/VideoTimelineRows.js';

const NO_FLAGS: ReadonlyMap<string, string[]> = new Map();

const TRACKS: readonly { name: TrackName; label: string }[] = [
  { name: 'speech', label: 'Speech' },
  { name: 'effects', label: 'Effects' },
  { name: 'music', label: 'Music' },
];
/** Effects and music: one row each, under the speech lanes. */
const PLACED_TRACKS = TRACKS.filter((track) => track.name !== 'speech');

/** Blocks this far outside the viewport are rendered too, so a scroll shows no empty edge. */
const OVERSCAN_PX = 800;
/** Room after the last block, to place effects and music past the end. */
const TAIL_PX = 600;

/**
 * The three tracks along time. Only blocks inside the visible time range (plus a margin) are rendered, so a
 * project of thousands of blocks scrolls and zooms as fast as a small one.
 */
export function Timeline() {
  const stores = useAppStores();
  // Typing commits on every keystroke; the timeline follows at idle moments (project-follower.ts), so the text
  // box never waits on it.
  const project = useFollowedProject();
  const zoom = useTimelineViewStore(selectZoom);
  const selectedIds = useDocumentStore(selectSelectedIds);
  const anchorId = useDocumentStore(selectAnchorId);
  const generationOf = useGenerationStore(selectBlockGenerations);
  const waveforms = useWaveformStore(selectWaveforms);
  const thresholds = useSettingsStore(selectCheckThresholds);
  const context = useSendContext(project);
  // Rows and blocks whose style their voice lacks are marked like any other rule the service would refuse.
  const voices = useServiceVoices(project?.serviceUrl).catalog;
  // Flags judge every block's playing take: they follow once the blocks are hashed (sliced as a project opens).
  const hashed = useHashed(project, context);
  const layout = project === null || context === null ? null : layoutOf(project, context);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  // One pass over the speech blocks, again only when the project or its cast changes.
  const lanes = useMemo(
    () => (project === null || context === null ? [] : speechLanes(project, context)),
    [project, context],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const scroll = useScrollViewport(scrollRef, { width: 1200, height: 0 });
  const { viewport } = scroll;
  const laneNumbers = useMemo(() => lanes.map((lane) => lane.lane), [lanes]);
  const pointer = useTimelineDrag(stores, contentRef, layout, zoom, laneNumbers);
  const { drag } = pointer;
  const laneRows = laneRowNumbers(lanes, drag);
  useTimelineZoom(stores, scrollRef, scroll, zoom, layout?.totalMs ?? 0, TAIL_PX);
  useRevealSelectedBlock(scrollRef, project, layout, anchorId, zoom);

  if (project === null || layout === null) return null;
  const generationProps = (block: Block) => ({ generation: generationOf(block, context!) });

  const fromMs = pxToMs(Math.max(0, viewport.left - OVERSCAN_PX), zoom);
  const toMs = pxToMs(viewport.left + viewport.width + OVERSCAN_PX, zoom);
  const contentWidth = Math.max(viewport.width, msToPx(layout.totalMs, zoom) + TAIL_PX);
  const visible: Record<TrackName, PlacedItem[]> = {
    speech: visibleSpeechItems(layout.speech, layout, fromMs, toMs),
    effects: visiblePlacedItems(layout.effects, fromMs, toMs),
    music: visiblePlacedItems(layout.music, fromMs, toMs),
  };

  const placedOffset = placedDragOffsetPx(project, drag, zoom);
  const flags = hashed === null ? NO_FLAGS : flagsOf(hashed.project, hashed.context, thresholds);
  // The take each shown block plays, found once: its waveform is drawn, or asked of main when missing.
  const playingKeys = new Map<string, string>();
  const visibleKeys: string[] = [];
  for (const track of TRACKS) {
    for (const item of visible[track.name]) {
      const key = playableAudio(project.tracks[track.name].blocks[item.index]!, context!)?.cacheKey;
      if (key === undefined) continue;
      playingKeys.set(item.blockId, key);
      if (waveforms[key] === undefined) visibleKeys.push(key);
    }
  }
  const audioOf = (block: Block) => {
    const cacheKey = playingKeys.get(block.id);
    return {
      waveform: cacheKey === undefined ? undefined : waveforms[cacheKey],
      flags: flags.get(block.id),
      problems: blockProblems(project, context!, block, voices),
    };
  };

  const onDoubleClick = (event: ReactMouseEvent<HTMLDivElement>): void => {
    const blockId = (event.target as Element).closest<HTMLElement>('[data-block-id]')?.dataset.blockId;
    const latest = stores.document.getState().doc?.project;
    if (blockId !== undefined && latest?.tracks.speech.blocks.some((block) => block.id === blockId)) {
      stores.editorUi.getState().requestFocus(blockId);
    }
  };

  const renderBlock = (track: TrackName, item: PlacedItem, offsetPx: number) => {
    const block = project.tracks[track].blocks[item.index]!;
    return (
      <TimelineBlock
        key={item.blockId}
        block={block}
        context={context!}
        left={msToPx(item.startMs, zoom)}
        width={Math.max(3, msToPx(item.durationMs, zoom))}
        estimated={item.source === 'estimate'}
        timed={track === 'speech' && item.timed}
        selected={selected.has(item.blockId)}
        offsetPx={offsetPx}
        {...generationProps(block)}
        {...audioOf(block)}
      />
    );
  };

  const step = rulerStepMs(zoom);
  const ticks: number[] = [];
  for (let tick = Math.floor(fromMs / step) * step; tick <= toMs; tick += step) ticks.push(tick);

  return (
    <div className="timeline" data-testid="timeline" data-zoom={zoom.toFixed(2)}>
      <div className="timeline-labels" aria-hidden="true">
        <div className="timeline-label timeline-label-ruler">{layout.estimated ? '≈ time' : 'time'}</div>
        <SpeechLaneLabels
          lanes={lanes}
          rows={laneRows}
          timed={layout.slots.size > 0 || laneRows.length > 1}
        />
        {PLACED_TRACKS.map((track) => (
          <div key={track.name} className="timeline-label">
            {track.label}
          </div>
        ))}
        <VideoTimelineLabels />
      </div>
      <div className="timeline-scroll" ref={scrollRef} data-testid="timeline-scroll">
        <div
          className="timeline-content"
          ref={contentRef}
          style={{ width: contentWidth }}
          role="listbox"
          aria-multiselectable="true"
          aria-label="Timeline"
          onPointerDown={pointer.onPointerDown}
          onPointerMove={pointer.onPointerMove}
          onPointerUp={pointer.onPointerUp}
          onPointerCancel={pointer.onPointerCancel}
          onDoubleClick={onDoubleClick}
        >
          {project.serviceUrl ? (
            <WaveformRequest serviceUrl={project.serviceUrl} cacheKeys={visibleKeys} />
          ) : null}
          <div className="timeline-ruler" data-testid="timeline-ruler">
            {ticks.map((tick) => (
              <span key={tick} className="timeline-tick" style={{ left: msToPx(tick, zoom) }}>
                {formatClock(tick, { tenths: step < 1000 })}
              </span>
            ))}
          </div>
          <SpeechLanes
            project={project}
            layout={layout}
            rows={laneRows}
            visible={visible.speech}
            zoom={zoom}
            drag={drag}
            renderBlock={(item, offsetPx) => renderBlock('speech', item, offsetPx)}
          />
          {PLACED_TRACKS.map((track) => (
            <div
              key={track.name}
              className={`timeline-track timeline-track-${track.name}`}
              data-track={track.name}
              data-testid={`track-${track.name}`}
            >
              {visible[track.name].map((item) =>
                renderBlock(
                  track.name,
                  item,
                  drag?.kind === 'placed' && drag.ids.has(item.blockId) ? placedOffset : 0,
                ),
              )}
            </div>
          ))}
          <VideoTimelineRows viewport={viewport} speech={layout.speech} />
          {drag?.kind === 'speech' ? (
            <div
              className="timeline-drop-marker"
              data-testid="timeline-drop-marker"
              style={{ left: msToPx(speechDropTimeMs(layout.speech, drag.ids, drag.dropIndex), zoom) }}
            />
          ) : null}
          <TimelinePlayhead zoom={zoom} />
        </div>
      </div>
    </div>
  );
}
