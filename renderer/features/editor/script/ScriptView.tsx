import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { contextIn, useSendContext } from '../../../shared/send-context.js';
import type { SpeechTrackBlock } from '../../../../common/project/project-schema.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { selectAnchorId, selectProject, selectSelectedIds } from '../../../stores/document-store.js';
import { selectFocusRequest } from '../../../stores/editor-ui-store.js';
import { ScriptRow } from './ScriptRow.js';
import { RowLayouts, scrollToReveal, virtualWindow } from './virtual-window.js';
import { charsPerLine, scriptRowHeight } from './script-row-height.js';
import { blockProblems } from '../review/block-problems.js';
import { useServiceVoices } from '../../../shared/use-service-voices.js';
import { selectBlockGenerations } from '../../../stores/generation-store.js';
import {
  useAppStores,
  useDocumentStore,
  useEditorUiStore,
  useGenerationStore,
} from '../../../stores/stores-context.js';
import { playableAudio } from '../../../../common/project/index.js';
import { generationActions } from '../../../stores/generation-actions.js';
import { useTakePlayer } from '../playback/take-player.js';
import { flagsOf, layoutOf } from '../../../shared/project-derived.js';
import { useFollowedProject } from '../use-followed-project.js';
import { useHashedProject } from '../use-hashed-project.js';
import { WaveformRequest } from '../waveform/WaveformRequest.js';
import { useScrollViewport } from '../use-scroll-viewport.js';
import { speechItemAt } from '../timeline/timeline-geometry.js';
import { selectCheckThresholds } from '../../../stores/settings-store.js';
import { selectWaveforms } from '../../../stores/waveform-store.js';
import { selectSpeakerFilter } from '../../../stores/editor-ui-store.js';
import { speakerIdOf } from '../../../../common/project/send-context.js';
import { useSettingsStore, useTimelineViewStore, useWaveformStore } from '../../../stores/stores-context.js';
import { useCommandRegistry } from '../../../commands/use-commands.js';
import { listen } from '../../../shared/listeners.js';

/** The speech blocks the script shows: every one, or one speaker's lines while the cast filter is on. */
function shownBlocks(
  all: readonly SpeechTrackBlock[],
  speakerFilter: string | null,
): readonly SpeechTrackBlock[] {
  if (speakerFilter === null) return all;
  return all.filter((block) => block.type === 'text' && speakerIdOf(block) === speakerFilter);
}

function speechBlocks(stores: AppStores): readonly SpeechTrackBlock[] {
  return shownBlocks(
    stores.document.getState().doc?.project.tracks.speech.blocks ?? [],
    stores.editorUi.getState().speakerFilter,
  );
}

/**
 * The speech track as a script: one editable text box per block, top to bottom. Virtualised: only the rows in
 * view (and a few around) exist, so 2,000 blocks open and scroll like 20.
 */
export function ScriptView() {
  const stores = useAppStores();
  // One player for the script's play buttons: playing a block stops the one before.
  const player = useTakePlayer();
  const playerRef = useRef(player);
  useEffect(() => {
    playerRef.current = player;
  });
  const togglePlay = useCallback(
    (blockId: string): void => {
      const current = playerRef.current;
      if (current.playback.kind === 'playing' && current.playback.cacheKey === blockId) return current.stop();
      const playable = generationActions(stores).playableOf(blockId);
      if (playable === null) return;
      // A timed line stretched to fit its slot plays as the export plays it: sped up, its pitch kept.
      const project = stores.document.getState().doc?.project;
      const stretch =
        project === undefined
          ? undefined
          : layoutOf(project, contextIn(stores, project)).speech.find((item) => item.blockId === blockId)
              ?.stretch;
      current.play(blockId, playable.mediaPath, 0, stretch);
    },
    [stores],
  );
  // Rows read the order only when shift-clicked, so they need not re-render when it changes (a stable function).
  const speechOrder = useCallback((): string[] => speechBlocks(stores).map((block) => block.id), [stores]);
  const project = useDocumentStore(selectProject);
  const selectedIds = useDocumentStore(selectSelectedIds);
  const anchorId = useDocumentStore(selectAnchorId);
  const focusRequest = useEditorUiStore(selectFocusRequest);
  const generationOf = useGenerationStore(selectBlockGenerations);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  // The checks walk every block: they follow the project at idle moments (project-follower.ts), not each keystroke.
  const reviewed = useFollowedProject();
  const reviewedContext = useSendContext(reviewed);
  const context = useSendContext(project);
  // Rows and blocks whose style their voice lacks are marked like any other rule the service would refuse.
  const voices = useServiceVoices(project?.serviceUrl).catalog;
  const thresholds = useSettingsStore(selectCheckThresholds);
  // They judge every block's playing take, so they wait for the blocks' hashes (sliced as a project opens).
  const hashed = useHashedProject();
  const flags = hashed === null ? undefined : flagsOf(hashed.project, hashed.context, thresholds);
  const waveforms = useWaveformStore(selectWaveforms);
  // While the preview plays, the row under the playhead (re-rendered only when that row changes).
  const followedId = useTimelineViewStore((state) => {
    if (!state.previewing || reviewed === null || reviewedContext === null) return null;
    // Timed lines in lanes overlap and end out of order: the line sounding is found among all of them.
    const layout = layoutOf(reviewed, reviewedContext);
    return speechItemAt(layout.speech, layout, state.playheadMs)?.blockId ?? null;
  });
  const seek = useCallback(
    (blockId: string, fraction: number): void => {
      const current = stores.document.getState().doc?.project;
      const item = current
        ? layoutOf(current, contextIn(stores, current)).speech.find((entry) => entry.blockId === blockId)
        : undefined;
      if (item) stores.timelineView.getState().setPlayhead(item.startMs + fraction * item.durationMs);
    },
    [stores],
  );
  // Typing a row holds for its frame to paint (ScriptRow): a command, or a click anywhere, commits it first.
  const registry = useCommandRegistry();
  useEffect(() => {
    const commitTyping = (): void => stores.document.getState().commitHeldEdits();
    const stopBeforeCommands = registry.beforeEachRun(commitTyping);
    const stopPointer = listen(window, 'pointerdown', commitTyping, { capture: true });
    return () => {
      stopBeforeCommands();
      stopPointer();
    };
  }, [registry, stores]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { viewport, measureNow } = useScrollViewport(scrollRef, { width: 800, height: 600 });
  // Text boxes' font, read once from the page's styles: with the width it says how many characters a line holds.
  const [font, setFont] = useState<string | null>(null);
  useEffect(() => {
    if (scrollRef.current !== null) setFont(getComputedStyle(scrollRef.current).font || null);
  }, []);

  const speakerFilter = useEditorUiStore(selectSpeakerFilter);
  const allBlocks = project?.tracks.speech.blocks;
  const blocks = useMemo(
    () => (allBlocks === undefined ? undefined : shownBlocks(allBlocks, speakerFilter)),
    [allBlocks, speakerFilter],
  );
  // Script positions are only needed while a speaker filter hides rows; without one a row's index is its
  // position, and a map of every block on every keystroke is a millisecond at audiobook scale (issue 16).
  const positions = useMemo(
    () =>
      speakerFilter === null
        ? undefined
        : new Map((allBlocks ?? []).map((block, index) => [block.id, index])),
    [allBlocks, speakerFilter],
  );

  // Rows grow with their text: each row's top, from every shown block's height (memoised per block).
  const lineChars = useMemo(() => charsPerLine(viewport.width, font), [viewport.width, font]);
  const [rowLayouts] = useState(() => new RowLayouts<SpeechTrackBlock>());
  const { tops } = useMemo(
    () => rowLayouts.of(blocks ?? [], lineChars, (block) => scriptRowHeight(block, lineChars)),
    [rowLayouts, blocks, lineChars],
  );
  // The scroll effects below read the rows as laid out in the last render.
  const shownRef = useRef({ blocks: blocks ?? [], tops });
  useEffect(() => {
    shownRef.current = { blocks: blocks ?? [], tops };
  });

  // The block playing in the preview is kept in view.
  useEffect(() => {
    const element = scrollRef.current;
    if (element === null || followedId === null) return;
    const shown = shownRef.current;
    const index = shown.blocks.findIndex((block) => block.id === followedId);
    const target =
      index === -1
        ? undefined
        : scrollToReveal({
            index,
            scrollTop: element.scrollTop,
            viewportHeight: element.clientHeight,
            tops: shown.tops,
          });
    if (target === undefined) return;
    element.scrollTop = target;
    measureNow();
  }, [followedId, stores, measureNow]);

  // The block selected elsewhere, or about to take focus, is scrolled into view (rendered before focusing).
  const revealId = focusRequest?.blockId ?? anchorId;
  const revealKey = `${revealId ?? ''}:${focusRequest?.seq ?? 0}`;
  useEffect(() => {
    const element = scrollRef.current;
    const shown = shownRef.current;
    if (element === null || revealId === null) return;
    const index = shown.blocks.findIndex((block) => block.id === revealId);
    if (index === -1) return;
    const target = scrollToReveal({
      index,
      scrollTop: element.scrollTop,
      viewportHeight: element.clientHeight,
      tops: shown.tops,
    });
    if (target !== undefined) {
      element.scrollTop = target;
      measureNow();
    }
    // Only when what to reveal changes, not on every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealKey]);

  if (project === null || context === null || blocks === undefined) return null;
  const { first, last } = virtualWindow({ scrollTop: viewport.top, viewportHeight: viewport.height, tops });
  const rows = [];
  const wantedWaveforms: string[] = [];
  for (let index = first; index <= last; index += 1) {
    const shown = blocks[index]!;
    const key = selected.has(shown.id) ? playableAudio(shown, context)?.cacheKey : undefined;
    if (key !== undefined && waveforms[key] === undefined) wantedWaveforms.push(key);
  }
  for (let index = first; index <= last; index += 1) {
    const block = blocks[index]!;
    const audio = playableAudio(block, context);
    rows.push(
      <ScriptRow
        key={block.id}
        block={block}
        index={positions?.get(block.id) ?? index}
        top={tops[index]!}
        height={tops[index + 1]! - tops[index]!}
        lineChars={lineChars}
        selected={selected.has(block.id)}
        context={context}
        order={speechOrder}
        generation={generationOf(block, context)}
        playing={player.playback.kind === 'playing' && player.playback.cacheKey === block.id}
        onTogglePlay={togglePlay}
        waveform={audio && selected.has(block.id) ? waveforms[audio.cacheKey] : undefined}
        onSeek={seek}
        flags={flags?.get(block.id)}
        problems={blockProblems(project, context, block, voices)}
        following={followedId === block.id}
      />,
    );
  }

  return (
    <section className="script-view" aria-label="Script" data-testid="script-view" ref={scrollRef}>
      {project.serviceUrl ? (
        <WaveformRequest serviceUrl={project.serviceUrl} cacheKeys={wantedWaveforms} />
      ) : null}
      {speakerFilter !== null ? (
        <p className="hint script-filter" data-testid="script-filter">
          Showing {blocks.length} line{blocks.length === 1 ? '' : 's'} of{' '}
          {context.speakers.get(speakerFilter)?.name ?? 'one speaker'}.{' '}
          <button type="button" onClick={() => stores.editorUi.getState().setSpeakerFilter(null)}>
            Show every line
          </button>
        </p>
      ) : null}
      {player.error !== null ? (
        <p className="field-error" role="alert" data-testid="script-play-error">
          {player.error}
        </p>
      ) : null}
      {blocks.length === 0 && speakerFilter === null ? (
        <p className="hint script-empty" data-testid="script-empty">
          No speech yet. Add a text block (Ctrl+Enter) or paste a script.
        </p>
      ) : null}
      <div
        className="script-rows"
        role="listbox"
        aria-multiselectable="true"
        style={{ height: tops[blocks.length] }}
      >
        {rows}
      </div>
    </section>
  );
}
