import { useEffect, useMemo, useRef, useState } from 'react';
import { formatClock } from '../../../shared/format.js';
import { contextIn } from '../../../shared/send-context.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import type { Project } from '../../../../common/project/index.js';
import {
  contentHash,
  findBlock,
  forEachBlock,
  layoutTimeline,
  needsGeneration,
  takesOf,
} from '../../../../common/project/index.js';
import type { DocumentState } from '../../../stores/document-store.js';
import { selectSelectedIds } from '../../../stores/document-store.js';
import { selectPlayheadMs } from '../../../stores/timeline-view-store.js';
import { selectPendingHashes, selectSegmentAudio } from '../../../stores/generation-store.js';
import { selectActiveService } from '../../../stores/settings-store.js';
import { ExportDialog } from '../../export/ExportDialog.js';
import { GenerationConfirm } from '../../generation/GenerationConfirm.js';
import { startGeneration } from '../../generation/start-generation.js';
import { rewriteHeldSentence } from '../../generation/rewrite-held-sentence.js';
import { heldForRewrite } from '../../../../common/project/rewrite-holds.js';
import { TimelinePreview, blocksWithoutAudio, previewClips } from '../playback/timeline-preview.js';
import { useGenerationLookup } from '../../generation/use-generation-lookup.js';
import { useHashedProject } from '../use-hashed-project.js';
import { useCommandHandlers } from '../../../commands/use-commands.js';
import { isTextField, useShortcutLabel } from '../../../commands/shortcuts.js';
import {
  useAppStores,
  useDocumentStore,
  useGenerationStore,
  useSettingsStore,
  useTimelineViewStore,
} from '../../../stores/stores-context.js';

/**
 * Generate, preview and export for the open project. Generation needs the project's service signed in; preview
 * plays what is generated; export opens its dialog. Shortcuts: Ctrl/Cmd+G generate, Ctrl/Cmd+E export, Space
 * play/stop from the playhead (outside text fields), Ctrl/Cmd+Shift+Space play the selection.
 */
export function GeneratePlayExportButtons() {
  const stores = useAppStores();
  // Only what the buttons need, so typing in a block does not re-render them.
  const projectId = useDocumentStore(selectProjectId);
  const projectServiceUrl = useDocumentStore(selectProjectServiceUrl);
  const hasVideo = useDocumentStore(selectHasVideo);
  const selectedIds = useDocumentStore(selectSelectedIds);
  const selectionHasTake = useDocumentStore(selectSelectionHasTake);
  const playheadMs = useTimelineViewStore(selectPlayheadMs);
  const pending = useGenerationStore(selectPendingHashes);
  const audio = useGenerationStore(selectSegmentAudio);
  const active = useSettingsStore(selectActiveService);
  const [exporting, setExporting] = useState(false);
  const [playing, setPlaying] = useState(false);
  const previewRef = useRef<TimelinePreview | null>(null);
  useGenerationLookup(projectId, projectServiceUrl ?? active?.url);

  // Counting walks every block: it follows the project at idle moments (project-follower.ts), not on each
  // keystroke, and waits for the blocks' hashes (computed in slices as a project opens).
  const hashed = useHashedProject();
  const counts = useMemo(
    () => (hashed === null ? null : countGeneration(hashed.project, hashed.context, pending)),
    [hashed, pending],
  );
  const blockedReason = projectId === undefined ? null : generationBlockedReason(projectServiceUrl, active);

  useEffect(() => {
    const preview = new TimelinePreview(
      (ms) => stores.timelineView.getState().setPlayhead(ms),
      () => setPlaying(false),
    );
    previewRef.current = preview;
    return () => preview.stop();
  }, [stores]);

  useEffect(() => stores.timelineView.getState().setPreviewing(playing), [stores, playing]);

  // One request at a time: Ctrl+G pressed again (or Generate clicked) while main is still planning and sending
  // the last one would ask for the same blocks again, and each request is paid for (issue 36).
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const generate = async (newTake: boolean, blockIds?: readonly string[]): Promise<void> => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    try {
      await startGeneration(stores, active?.url, { newTake, blockIds });
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const warnSilent = (count: number): void => {
    if (count === 0) return;
    stores.notices.getState().receive({
      kind: 'notification',
      title: `${count} block${count === 1 ? ' has' : 's have'} no audio yet`,
      body: `${count === 1 ? 'It plays' : 'They play'} as silence in this preview. Generate to hear ${count === 1 ? 'it' : 'them'}.`,
    });
  };

  const togglePlay = (onlySelection: boolean): void => {
    const preview = previewRef.current;
    const current = stores.document.getState().doc?.project;
    if (!preview || !current) return;
    if (preview.active) {
      preview.stop();
      setPlaying(false);
      return;
    }
    const mediaOf = (key: string): string | undefined => stores.generation.getState().audio[key]?.mediaPath;
    const context = contextIn(stores, current);
    const selected = stores.document.getState().selection.ids;
    if (onlySelection && selected.length > 0) {
      const only = new Set(selected);
      const clips = previewClips(current, context, mediaOf, only);
      warnSilent(blocksWithoutAudio(current, context, clips, { fromMs: 0, only }));
      if (clips.length === 0) return;
      const from = Math.min(...clips.map((clip) => clip.startMs));
      preview.play(clips, from, Math.max(...clips.map((clip) => clip.endMs)));
    } else {
      const clips = previewClips(current, context, mediaOf);
      // A reference video plays before anything is paid for: the picture and its own sound against the script.
      const hasVideo = current.video !== undefined;
      if (clips.length === 0 && !hasVideo) {
        stores.notices.getState().receive({
          kind: 'notification',
          title: 'Nothing to play yet',
          body: 'Generate blocks first: preview plays generated audio.',
        });
        return;
      }
      const playhead = stores.timelineView.getState().playheadMs;
      const totalMs = layoutTimeline(current, context).totalMs;
      const from = playhead >= totalMs ? 0 : playhead;
      warnSilent(blocksWithoutAudio(current, context, clips, { fromMs: from }));
      // With a video the preview runs to the project's end (the video's at least), not to the last take's.
      preview.play(clips, from, hasVideo ? totalMs : undefined);
    }
    setPlaying(true);
  };

  // Generate, Export and Play for the keys, the native menu and the palette (common/commands): the newest
  // functions run, set as each render is committed (see use-commands.ts).
  const blockedOrNothing = (): string | null =>
    blockedReason ??
    (counts !== null && counts.needed === 0
      ? counts.held > 0
        ? `${rewriteHeldSentence(counts.held)}.`
        : 'Every block has current audio.'
      : null);
  useCommandHandlers({
    generate: {
      // A held key repeats: that is one request, not one per repeat.
      run: ({ repeat }) => {
        if (!repeat) void generate(false);
      },
      unavailable: blockedOrNothing,
    },
    export: { run: () => setExporting(true) },
    play: { run: () => togglePlay(false), acceptsKey: spaceIsNotTheControls },
    'play-selection': { run: () => togglePlay(true), acceptsKey: spaceIsNotTheControls },
  });
  const keyOf = useShortcutLabel();

  if (projectId === undefined) return null;
  const playable = Object.keys(audio).length > 0 || hasVideo;
  return (
    <div className="generate-play-export" role="group" aria-label="Generate and export">
      <button
        type="button"
        className="primary"
        data-testid="generate-project"
        disabled={blockedReason !== null || sending || counts === null || counts.needed === 0}
        title={
          blockedReason ??
          `Generate every block without current audio (${keyOf('generate')})${counts !== null && counts.held > 0 ? `. ${rewriteHeldSentence(counts.held)}` : ''}`
        }
        onClick={() => void generate(false)}
      >
        {counts === null
          ? 'Counting blocks…'
          : counts.needed > 0
            ? `Generate ${counts.needed} block${counts.needed === 1 ? '' : 's'}`
            : counts.pending > 0
              ? 'Generating…'
              : counts.blocks === 0
                ? 'Nothing to generate yet'
                : counts.held > 0
                  ? `${counts.held} line${counts.held === 1 ? '' : 's'} to rewrite`
                  : 'All generated'}
      </button>
      {selectedIds.length > 0 ? (
        <button
          type="button"
          data-testid="regenerate-selection"
          disabled={blockedReason !== null || sending || !selectionHasTake}
          title={
            blockedReason ??
            (selectionHasTake
              ? 'Generate the selected blocks again with a new seed; their takes so far are kept'
              : `${selectedIds.length === 1 ? 'This block has' : 'These blocks have'} no take yet: Generate makes the first one.`)
          }
          onClick={() => void generate(true, selectedIds)}
        >
          Another take
        </button>
      ) : null}
      {counts !== null && counts.pending > 0 ? (
        <span className="badge" data-testid="generation-pending">
          Generating {counts.pending}…
        </span>
      ) : null}
      <button
        type="button"
        data-testid="preview-play"
        aria-pressed={playing}
        disabled={!playable && !playing}
        title={`Play from the playhead (${keyOf('play')}); the selection with ${keyOf('play-selection')}`}
        onClick={() => togglePlay(false)}
      >
        {playing ? '■ Stop' : `▶ Play from ${formatClock(playheadMs)}`}
      </button>
      <button
        type="button"
        data-testid="export-open"
        title={`Export (${keyOf('export')})`}
        onClick={() => setExporting(true)}
      >
        Export…
      </button>
      {blockedReason !== null && counts !== null && counts.needed > 0 ? (
        <span className="hint" data-testid="generation-unavailable">
          {blockedReason}
          {active === null || !active.signedIn ? (
            // No service: the welcome page's sign-in; a saved one signed out: its Sign in button in Settings.
            <button
              type="button"
              className="link-button"
              data-testid="generation-sign-in"
              onClick={() =>
                active === null
                  ? stores.navigation.getState().openWelcome()
                  : stores.navigation.getState().goTo('settings')
              }
            >
              Sign in…
            </button>
          ) : null}
        </span>
      ) : null}
      <GenerationConfirm />
      {exporting ? <ExportDialog onClose={() => setExporting(false)} /> : null}
    </div>
  );
}

/** Space toggles or presses the focused checkbox or button-like input: Play leaves it that key. */
const spaceIsNotTheControls = (event: KeyboardEvent): boolean =>
  !isTextField(event.target, { anyInput: true });

const selectProjectId = (state: DocumentState): string | undefined => state.doc?.project.id;
const selectProjectServiceUrl = (state: DocumentState): string | undefined => state.doc?.project.serviceUrl;
const selectHasVideo = (state: DocumentState): boolean => state.doc?.project.video !== undefined;
/** Another take is of a block already taken at least once: a block never generated gets its first from Generate. */
const selectSelectionHasTake = (state: DocumentState): boolean => {
  const project = state.doc?.project;
  return (
    project !== undefined &&
    state.selection.ids.some((id) => {
      const found = findBlock(project, id);
      return found !== undefined && takesOf(found.block).length > 0;
    })
  );
};

function countGeneration(project: Project, context: SendContext, pending: Readonly<Record<string, string>>) {
  let needed = 0;
  let waiting = 0;
  // Lines marked to rewrite shorter lack audio but are not sent (rewrite-holds.ts): counted apart, so the button
  // names what it sends and never says "All generated" while they are silent.
  let held = 0;
  // An empty project has nothing generated: it must not say "All generated".
  let blocks = 0;
  // Nothing on its way (most of the time): no block needs hashing to tell whether it is (a 10,000-block
  // audiobook's hashes take ~400 ms, and this runs as the project opens).
  const anyPending = Object.keys(pending).length > 0;
  forEachBlock(project, (block) => {
    blocks += 1;
    if (!needsGeneration(block, context)) return;
    if (heldForRewrite(block)) held += 1;
    else if (anyPending && pending[contentHash(block, context)] !== undefined) waiting += 1;
    else needed += 1;
  });
  return { needed, pending: waiting, blocks, held };
}

function generationBlockedReason(
  projectServiceUrl: string | undefined,
  active: { url: string; signedIn: boolean } | null,
): string | null {
  if (!active) return 'Generation needs a service: set one up in Settings. Drafting works offline.';
  if (projectServiceUrl !== undefined && projectServiceUrl !== active.url) {
    return `This project belongs to ${projectServiceUrl}; make that service active in Settings to generate.`;
  }
  if (!active.signedIn) return `Sign in to ${active.url} (Settings) to generate.`;
  return null;
}
