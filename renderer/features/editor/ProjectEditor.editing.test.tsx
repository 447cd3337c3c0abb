import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TextBlock } from '../../../common/project/project-schema.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores } from '../../test-support/app-stores-harness.js';
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

describe('ProjectEditor: editing from the script, the timeline and the keyboard', () => {
  openSampleProjectEachTest();

  it('commits typing to the document as one undo step, and Ctrl+Z brings the text back', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.change(scriptBox('t1'), { target: { value: 'Hello there!' } });
    fireEvent.change(scriptBox('t1'), { target: { value: 'Hello there!!' } });
    expect(speechText('t1')).toBe('Hello there!!');
    expect(store().past).toHaveLength(1);
    expect(screen.getByTestId('save-status').dataset.state).toBe('pending');

    fireEvent.keyDown(scriptBox('t1'), { key: 'z', ctrlKey: true });
    expect(speechText('t1')).toBe('Hello there.');
    expect(scriptBox('t1').value).toBe('Hello there.');
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(scriptBox('t1').value).toBe('Hello there!!');
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
});
