import { beforeEach, describe, expect, it } from 'vitest';
import { CLIPBOARD_FORMAT } from '../../../../common/project/block-clipboard.js';
import { createProject } from '../../../../common/project/block-factory.js';
import { sampleProject } from '../../../../common/project/test-support.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import type { EditorActions } from './editor-actions.js';
import { createEditorActions } from './editor-actions.js';

describe('editor actions', () => {
  let stores: AppStores;
  let actions: EditorActions;
  const store = () => stores.document.getState();

  beforeEach(() => {
    stores = storesFor(new FakeBridge({}));
    actions = createEditorActions(stores);
    store().open({ fileName: 'sample.timbre', project: sampleProject() });
  });

  it('copies blocks from one project and pastes them into another, with new ids, as one undo step', () => {
    store().select(['t2', 's1']);
    const text = actions.clipboardTextOfSelection();
    expect(JSON.parse(text!)).toMatchObject({
      format: CLIPBOARD_FORMAT,
      blocks: [{ id: 't2' }, { id: 's1' }],
    });

    store().open({ fileName: 'other.timbre', project: createProject({ title: 'Other', id: 'other' }) });
    stores.timelineView.getState().setPlayhead(5000);
    actions.pasteText(text!);
    const project = store().doc!.project;
    expect(project.tracks.speech.blocks).toHaveLength(1);
    expect(project.tracks.speech.blocks[0]).toMatchObject({
      type: 'text',
      text: 'General Kenobi.',
      speechRate: 1.2,
    });
    expect(project.tracks.speech.blocks[0]!.id).not.toBe('t2');
    // Effects land at the playhead.
    expect(project.tracks.effects.blocks[0]).toMatchObject({ text: 'lightsaber hum', startMs: 5000 });
    expect(store().selection.ids).toEqual([
      project.tracks.speech.blocks[0]!.id,
      project.tracks.effects.blocks[0]!.id,
    ]);
    store().undo();
    expect(store().doc!.project.tracks.speech.blocks).toHaveLength(0);
  });

  it('pastes ordinary text as text blocks, one per paragraph, after the selection', () => {
    store().select(['t1']);
    actions.pasteText('First paragraph.\n\nSecond paragraph.');
    const texts = store().doc!.project.tracks.speech.blocks.map((block) =>
      block.type === 'text' ? block.text : '',
    );
    expect(texts).toEqual([
      'Hello there.',
      'First paragraph.',
      'Second paragraph.',
      'General Kenobi.',
      'You are a bold one.',
    ]);
  });

  it('pastes text with Markdown headings as chapters, each heading starting one, as one undo step', () => {
    store().select(['t1']);
    actions.pasteText('# Chapter Two\n\nThe rain came.\n\n# Chapter Three\n\nIt stopped.');
    const pasted = store().doc!.project.tracks.speech.blocks.slice(1, 5);
    expect(pasted.map((block) => (block.type === 'text' ? [block.text, block.chapterTitle] : []))).toEqual([
      ['Chapter Two', 'Chapter Two'],
      ['The rain came.', undefined],
      ['Chapter Three', 'Chapter Three'],
      ['It stopped.', undefined],
    ]);
    expect(store().selection.ids).toEqual(pasted.map((block) => block.id));
    store().undo();
    expect(store().doc!.project.tracks.speech.blocks).toHaveLength(3);
  });

  it('moves a selection of speech blocks together, and stops at the ends', () => {
    store().select(['t1', 't2']);
    actions.moveSelectedSpeech(1);
    expect(store().doc!.project.tracks.speech.blocks.map((block) => block.id)).toEqual(['t3', 't1', 't2']);
    actions.moveSelectedSpeech(1);
    expect(store().doc!.project.tracks.speech.blocks.map((block) => block.id)).toEqual(['t3', 't1', 't2']);
    expect(store().past).toHaveLength(1);
  });

  it('explains a split without a text cursor instead of failing silently', () => {
    stores.editorUi.setState({ caret: null });
    store().select(['t1']);
    actions.splitAtCaret();
    expect(stores.notices.getState().toasts.at(-1)?.title).toContain('Click in a text block');
    expect(store().doc!.project.tracks.speech.blocks).toHaveLength(3);
  });

  it('reports a refused edit (a locked block) as a notice', () => {
    store().apply(
      (doc) => ({
        ...doc,
        tracks: {
          ...doc.tracks,
          speech: {
            blocks: doc.tracks.speech.blocks.map((block) => ({ ...block, locked: block.id === 't1' })),
          },
        },
      }),
      { label: 'Lock' },
    );
    store().select(['t1']);
    stores.editorUi.setState({ caret: { blockId: 't1', offset: 5 } });
    actions.splitAtCaret();
    expect(stores.notices.getState().toasts.at(-1)?.title).toContain('locked');
  });
});
