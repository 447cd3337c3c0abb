import type { ChangeEvent, MouseEvent as ReactMouseEvent, SyntheticEvent } from 'react';
import { speakerIdOf } from '../../../../common/project/send-context.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import { memo, useEffect, useRef, useState } from 'react';
import { updateBlock } from '../../../../common/project/block-edits.js';
import { findBlock } from '../../../../common/project/block-lookup.js';
import { characterCount, spokenCharacterCount } from '../../../../common/project/project-stats.js';
import { formatCount } from '../../../shared/format.js';
import type { SpeechTrackBlock } from '../../../../common/project/project-schema.js';
import { describeProgress } from '../../../../common/generation/block-progress.js';
import type { BlockGeneration } from '../../../stores/generation-store.js';
import type { LoadedWaveform } from '../../../stores/waveform-store.js';
import { BlockStateBadge } from '../block-state/BlockStateBadge.js';
import { TakeWaveform } from '../waveform/TakeWaveform.js';
import { scriptRowHeightOf } from './script-row-height.js';

const SCRIPT_WAVEFORM_WIDTH = 160;
import { clickSelection } from '../editing/selection-rules.js';
import { isMacPlatform } from '../../../commands/shortcuts.js';
import { useAppStores, useEditorUiStore } from '../../../stores/stores-context.js';
import { editDocument } from '../../../stores/document-actions.js';
import { afterNextPaint } from '../../../shared/yield-to-browser.js';

export interface ScriptRowProps {
  block: SpeechTrackBlock;
  index: number;
  top: number;
  height: number;
  /** Characters to a line of the text box (charsPerLine): with the text it says the row's height. */
  lineChars: number;
  selected: boolean;
  context: SendContext;
  /** The speech track's ids in order, for shift-click ranges (read on click only). */
  order: () => readonly string[];
  /** The block's generation state (selectBlockGeneration): its badge, its progress, what it plays. */
  generation: BlockGeneration;
  /** Whether the block is playing, and how to start or stop it. */
  playing: boolean;
  onTogglePlay(blockId: string): void;
  /** The selected row shows its take's waveform; clicking it seeks there. */
  waveform?: LoadedWaveform | undefined;
  onSeek?: (blockId: string, fraction: number) => void;
  /** What the take checks found, in words. */
  flags?: readonly string[] | undefined;
  /** What the service would refuse in this block, in words. */
  problems?: readonly string[];
  /** The preview is playing this block. */
  following?: boolean;
}

/**
 * One speech block in the script. The text box keeps its value locally and commits each change to the document
 * once its frame has painted (one undo step per burst of typing); a change coming from elsewhere (undo, a merge)
 * replaces the local value. Each text box is alone in its form: Chromium's autofill reads every field of the form
 * a typed field is in (or every field outside a form) after each keystroke, ~110 forced layouts in the editor.
 */
export const ScriptRow = memo(function ScriptRow({
  block,
  index,
  top,
  height,
  lineChars,
  selected,
  context,
  order,
  generation,
  playing,
  onTogglePlay,
  waveform,
  onSeek,
  flags,
  problems,
  following,
}: ScriptRowProps) {
  const stores = useAppStores();
  const text = block.type === 'text' ? block.text : null;
  const [draft, setDraft] = useState(text ?? '');
  // The document's text the box follows.
  const [seen, setSeen] = useState(text);
  if (seen !== text) {
    // The document changed under the text box: show the document's text.
    setSeen(text);
    setDraft(text ?? '');
  }
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const focusSeq = useEditorUiStore((state) =>
    state.focusRequest?.blockId === block.id ? state.focusRequest.seq : null,
  );
  useEffect(() => {
    if (focusSeq === null || boxRef.current === null) return;
    boxRef.current.focus();
    stores.editorUi.getState().consumeFocus(focusSeq);
  }, [focusSeq, stores]);

  // A keystroke paints in its text box first; the document, and every view of it, follows once that frame has
  // painted (about 2 ms less work per keystroke, issue 42). Anything else that touches the document commits it
  // first (document-store.ts: holdEdit), and so do leaving the box, a click anywhere and every command.
  const commitScheduled = useRef(false);
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>): void => {
    const value = event.target.value;
    setDraft(value);
    const documentStore = stores.document.getState();
    documentStore.holdEdit(`text:${block.id}`, () => {
      setSeen(value);
      const applied = editDocument(stores, (doc) => updateBlock(doc, block.id, { text: value }), {
        label: 'Typing',
        coalesceKey: `text:${block.id}`,
      });
      if (applied) return;
      // Refused (over a limit): the box shows the document's text again; a later keystroke's update still wins.
      const current = stores.document.getState().doc?.project;
      const kept = current === undefined ? undefined : findBlock(current, block.id)?.block;
      const keptText = kept?.type === 'text' ? kept.text : null;
      setDraft(keptText ?? '');
      setSeen(keptText);
    });
    // Text that needs a taller (or shorter) row goes to the document at once: its row grows in this frame, where
    // the box would otherwise scroll by a line for one frame and back.
    if (scriptRowHeightOf(value, lineChars) !== height) {
      documentStore.commitHeldEdits();
      return;
    }
    if (commitScheduled.current) return;
    commitScheduled.current = true;
    void afterNextPaint().then(() => {
      commitScheduled.current = false;
      stores.document.getState().commitHeldEdits();
    });
  };
  // A row scrolled out of view or closed keeps nothing back.
  useEffect(() => () => stores.document.getState().commitHeldEdits(), [stores]);
  const commitTyping = (): void => stores.document.getState().commitHeldEdits();

  const rememberCaret = (event: SyntheticEvent<HTMLTextAreaElement>): void => {
    stores.editorUi.getState().setCaret({ blockId: block.id, offset: event.currentTarget.selectionStart });
  };

  const onFocus = (event: SyntheticEvent<HTMLTextAreaElement>): void => {
    const store = stores.document.getState();
    if (!store.selection.ids.includes(block.id) || store.selection.anchorId !== block.id) {
      store.select([block.id], block.id);
    }
    rememberCaret(event);
  };

  const onRowClick = (event: ReactMouseEvent<HTMLDivElement>): void => {
    if (event.target instanceof HTMLTextAreaElement) return;
    const store = stores.document.getState();
    const mac = isMacPlatform();
    const next = clickSelection(
      store.selection,
      block.id,
      { toggle: mac ? event.metaKey : event.ctrlKey, range: event.shiftKey },
      order(),
    );
    store.select(next.ids, next.anchorId);
  };

  const { state, progress } = generation;
  const progressKind = progress.kind;
  const progressLabel = describeProgress(progress);
  const canPlay = generation.playable !== null;
  const speaker = block.type === 'text' ? context.speakers.get(speakerIdOf(block)) : undefined;
  return (
    <div
      className={`script-row${selected ? ' is-selected' : ''}${following ? ' is-following' : ''}`}
      style={{ top, height, borderLeftColor: speaker?.colour }}
      data-testid="script-row"
      data-block-id={block.id}
      data-progress={progressKind}
      data-flagged={flags && flags.length > 0 ? 'true' : undefined}
      data-following={following ? 'true' : undefined}
      aria-selected={selected}
      role="option"
      onClick={onRowClick}
    >
      <div className="script-row-meta">
        {/* The row's number is its text box's visible label (aria-labelledby, not a <label>: a click on the
            number selects the row, it does not move into the text). */}
        <span className="script-row-number" id={`script-row-number-${block.id}`}>
          <span className="visually-hidden">Text of block </span>
          {index + 1}
        </span>
        {speaker === undefined ? null : (
          <span
            className="badge speaker-badge"
            data-testid="speaker-badge"
            style={{ borderColor: speaker.colour, boxShadow: `inset 4px 0 0 ${speaker.colour}` }}
          >
            {speaker.name}
          </span>
        )}
        {block.chapterTitle === undefined ? null : (
          <span className="badge chapter-badge" data-testid="chapter-badge" title="A chapter starts here">
            § {block.chapterTitle}
          </span>
        )}
        <button
          type="button"
          className="script-row-play"
          data-testid="block-play"
          aria-pressed={playing}
          aria-label={playing ? `Stop block ${index + 1}` : `Play block ${index + 1}`}
          disabled={!canPlay}
          title={
            canPlay
              ? 'Listen to this block (the take in use)'
              : 'No audio yet: generate this block to hear it'
          }
          onClick={() => onTogglePlay(block.id)}
        >
          {playing ? '■' : '▶'}
        </button>
        <BlockStateBadge state={state} outcomeUnknown={progressKind === 'outcome-unknown'} />
        <span className="hint script-row-count" data-testid="script-row-characters">
          {formatCount(text === null ? characterCount(block) : spokenCharacterCount(draft))} chars
        </span>
        {block.locked ? <span className="badge">Locked</span> : null}
        {problems && problems.length > 0 ? (
          <span className="badge badge-warning" data-testid="block-problems" title={problems.join('\n')}>
            ⚠ Cannot be generated: {problems[0]}
            {problems.length > 1 ? ` (+${problems.length - 1} more)` : ''}
          </span>
        ) : null}
        {flags && flags.length > 0 ? (
          <span className="badge script-row-flags" data-testid="block-flags" title={flags.join('\n')}>
            ⚑ Needs review: {flags[0]}
            {flags.length > 1 ? ` (+${flags.length - 1} more)` : ''}
          </span>
        ) : null}
        {selected && waveform ? (
          <span className="script-row-waveform" title="Click to move the playhead here">
            <TakeWaveform
              waveform={waveform}
              width={SCRIPT_WAVEFORM_WIDTH}
              height={18}
              onSeek={onSeek ? (fraction) => onSeek(block.id, fraction) : undefined}
            />
          </span>
        ) : null}
        {progressKind === 'idle' ? null : (
          <span
            className={`block-progress block-progress-${progressKind}`}
            data-testid="block-progress"
            title={progressLabel}
          >
            {progressLabel}
          </span>
        )}
      </div>
      {text === null ? (
        <p className="hint script-row-readonly">
          A {block.type} block from the service: read-only here (volume, pause and lock can change).
        </p>
      ) : (
        <form className="script-text-form" onSubmit={(event) => event.preventDefault()}>
          <textarea
            ref={boxRef}
            className="script-text"
            data-testid="script-text"
            data-block-id={block.id}
            aria-labelledby={`script-row-number-${block.id}`}
            value={draft}
            readOnly={block.locked}
            spellCheck
            onChange={onChange}
            onFocus={onFocus}
            onBlur={commitTyping}
            onSelect={rememberCaret}
          />
        </form>
      )}
    </div>
  );
});
