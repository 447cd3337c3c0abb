import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TextBlock } from '../../../common/project/project-schema.js';
import { PROJECT_LIMITS } from '../../../common/project/project-limits.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores } from '../../test-support/app-stores-harness.js';
import { runMenuCommand } from '../../app/menu-command-runner.js';
import { ProjectEditor } from './ProjectEditor.js';
import {
  clickTimelineBlock,
  onClose,
  openSampleProjectEachTest,
  opened,
  scriptBox,
  speechText,
  store,
  stores,
} from './test-support/editor-harness.js';

/**
 * Types into a block's text box, and checks the document does not have it yet: held until the keystroke's frame
 * has painted. Here rows hold 10 characters to a line (happy-dom measures no width), so a text of up to 20
 * characters keeps a row at its two lines, where the typing is held.
 */
function typeHeld(id: string, value: string): void {
  const before = speechText(id);
  fireEvent.change(scriptBox(id), { target: { value } });
  expect(scriptBox(id).value).toBe(value);
  expect(speechText(id)).toBe(before);
}

describe('ProjectEditor: editing from the script, the timeline and the keyboard', () => {
  openSampleProjectEachTest();

  it('commits typing to the document as one undo step once its frame has painted, and Ctrl+Z brings the text back', async () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    // The keystroke paints in its box first; the document follows after that frame.
    typeHeld('t1', 'Hello there!');
    typeHeld('t1', 'Hello there!!');
    // Alone in its form, so Chromium's autofill reads one field after a keystroke, not the editor's every one.
    expect(scriptBox('t1').form?.elements).toHaveLength(1);
    expect(speechText('t1')).toBe('Hello there.');
    await waitFor(() => expect(speechText('t1')).toBe('Hello there!!'));
    expect(store().past).toHaveLength(1);
    expect(screen.getByTestId('save-status').dataset.state).toBe('pending');

    fireEvent.keyDown(scriptBox('t1'), { key: 'z', ctrlKey: true });
    expect(speechText('t1')).toBe('Hello there.');
    expect(scriptBox('t1').value).toBe('Hello there.');
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(scriptBox('t1').value).toBe('Hello there!!');
  });

  it('commits typing not yet in the document before a command, a click or leaving the box, so none of it is lost', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    // An undo pressed within the typing's frame: the typing lands, then is undone; a redo brings it back.
    typeHeld('t1', 'Typed, undone');
    fireEvent.keyDown(scriptBox('t1'), { key: 'z', ctrlKey: true });
    expect(speechText('t1')).toBe('Hello there.');
    expect(scriptBox('t1').value).toBe('Hello there.');
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(speechText('t1')).toBe('Typed, undone');
    expect(scriptBox('t1').value).toBe('Typed, undone');

    // A click anywhere (here on the timeline, which takes no focus) commits first.
    typeHeld('t1', 'Typed, a click');
    fireEvent.pointerDown(screen.getByTestId('timeline'));
    expect(speechText('t1')).toBe('Typed, a click');

    // Leaving the box commits.
    typeHeld('t2', 'Typed, Tab');
    fireEvent.blur(scriptBox('t2'));
    expect(speechText('t2')).toBe('Typed, Tab');

    // So does the menu's command, which comes with no key in the page.
    typeHeld('t1', 'Typed, the menu');
    runMenuCommand('undo');
    expect(speechText('t1')).toBe('Typed, a click');
  });

  it('grows a row in the keystroke’s own frame: text that needs another line goes to the document at once', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    const rowHeight = () => scriptBox('t1').closest<HTMLElement>('[data-testid="script-row"]')!.style.height;
    const before = rowHeight();
    // Still two lines: held for the frame.
    typeHeld('t1', 'Hello there, longer');
    // Three lines or more: the row grows now, with the document.
    const long = 'Hello there. '.repeat(40);
    fireEvent.change(scriptBox('t1'), { target: { value: long } });
    expect(speechText('t1')).toBe(long);
    expect(rowHeight()).not.toBe(before);
  });

  it('shows the document’s text again when the typing it held is refused, and says why', async () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    // At the limit the row is at its tallest (24 lines), so one more character changes no height and is held.
    const atLimit = 'x'.repeat(PROJECT_LIMITS.blockCharacters);
    fireEvent.change(scriptBox('t1'), { target: { value: atLimit } });
    expect(speechText('t1')).toBe(atLimit);
    typeHeld('t1', `${atLimit}y`);
    await waitFor(() => expect(scriptBox('t1').value).toBe(atLimit));
    expect(speechText('t1')).toBe(atLimit);
    expect(store().past).toHaveLength(1);
    expect(
      stores.notices
        .getState()
        .toasts.map((toast) => `${toast.title} ${toast.body ?? ''}`)
        .join(' '),
    ).toContain('at most 10,000 characters');
  });

  it('adds, duplicates, reorders and deletes blocks from the keyboard', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    clickTimelineBlock('t1');
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    const ids = () => store().doc!.project.tracks.speech.blocks.map((block) => block.id);
    expect(ids()).toHaveLength(4);
    const added = ids()[1]!;
    expect(store().selection.ids).toEqual([added]);
    expect(document.activeElement).toBe(scriptBox(added));

    fireEvent.keyDown(document.body, { key: 'ArrowDown', altKey: true });
    expect(ids()[2]).toBe(added);
    fireEvent.keyDown(document.body, { key: 'd', ctrlKey: true });
    expect(ids()).toHaveLength(5);
    // The copy goes right after its original and is selected.
    const copy = ids()[3]!;
    expect(store().selection.ids).toEqual([copy]);
    fireEvent.keyDown(document.body, { key: 'Delete' });
    expect(ids()).toHaveLength(4);
    expect(ids()).not.toContain(copy);
    expect(ids()).toContain(added);
    // Delete in a text box edits the text, not the blocks.
    fireEvent.keyDown(scriptBox('t1'), { key: 'Delete' });
    expect(ids()).toHaveLength(4);
  });

  it('selects several blocks with Ctrl and Shift clicks, and nudges effects in time with Alt+arrows', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    clickTimelineBlock('t1');
    clickTimelineBlock('t3', { shiftKey: true });
    expect(store().selection.ids).toEqual(['t1', 't2', 't3']);
    clickTimelineBlock('t2', { ctrlKey: true });
    expect(store().selection.ids).toEqual(['t1', 't3']);

    clickTimelineBlock('s1');
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true, shiftKey: true });
    expect(store().doc!.project.tracks.effects.blocks[0]!.startMs).toBe(3100);
  });

  it('moves a selected timed line in time with Alt+Left/Right, as effects are moved', () => {
    const sample = sampleProject();
    const [t1, t2, t3] = sample.tracks.speech.blocks as TextBlock[];
    const timedT3: TextBlock = { ...t3!, timing: { startMs: 9000, lane: 0, fit: 'fixed' } };
    const project = { ...sample, tracks: { ...sample.tracks, speech: { blocks: [t1!, t2!, timedT3] } } };
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'timed.timbre', project }} onClose={onClose} />,
      stores,
    );
    clickTimelineBlock('t3');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true, shiftKey: true });
    const t3After = store().doc!.project.tracks.speech.blocks[2] as TextBlock;
    expect(t3After.timing!.startMs).toBe(7900);
  });

  it('splits a text block at the text cursor and merges it back', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    const box = scriptBox('t3');
    fireEvent.focus(box);
    box.setSelectionRange(8, 8);
    fireEvent.keyDown(box, { key: 'S', ctrlKey: true, shiftKey: true });
    const texts = () =>
      store().doc!.project.tracks.speech.blocks.map((block) => (block.type === 'text' ? block.text : ''));
    expect(texts()).toEqual(['Hello there.', 'General Kenobi.', 'You are', 'a bold one.']);

    act(() => store().select(['t3'], 't3'));
    fireEvent.click(screen.getByTestId('merge-block'));
    expect(texts()).toEqual(['Hello there.', 'General Kenobi.', 'You are a bold one.']);
  });

  it('splits and duplicates a block with the text typed in the same moment in it', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    const texts = () =>
      store().doc!.project.tracks.speech.blocks.map((block) => (block.type === 'text' ? block.text : ''));
    // By key: the command commits the held typing before the split reads the block.
    const box = scriptBox('t3');
    fireEvent.focus(box);
    typeHeld('t3', 'You, a bold one.');
    box.setSelectionRange(4, 4);
    fireEvent.keyDown(box, { key: 'S', ctrlKey: true, shiftKey: true });
    expect(texts()).toEqual(['Hello there.', 'General Kenobi.', 'You,', 'a bold one.']);

    // By the toolbar's button (a click with no pointer event before it): the action reads the typing too.
    act(() => store().select(['t1'], 't1'));
    typeHeld('t1', 'Hello, twice.');
    fireEvent.click(screen.getByTestId('duplicate-blocks'));
    expect(texts().slice(0, 2)).toEqual(['Hello, twice.', 'Hello, twice.']);
  });

  it('keeps typing as one undo step across its frames, and commits it when the editor goes', async () => {
    const { unmount } = renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    typeHeld('t1', 'Hello there!');
    await waitFor(() => expect(speechText('t1')).toBe('Hello there!'));
    typeHeld('t1', 'Hello there!!');
    await waitFor(() => expect(speechText('t1')).toBe('Hello there!!'));
    expect(store().past).toHaveLength(1);

    typeHeld('t1', 'Typed, then gone');
    unmount();
    expect(speechText('t1')).toBe('Typed, then gone');
  });
});
