import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addBlock, removeBlocks, updateBlock } from '../../common/project/block-edits.js';
import { createTextBlock } from '../../common/project/block-factory.js';
import { ProjectEditError } from '../../common/project/edit-error.js';
import type { OpenedProject } from '../../common/project/library-views.js';
import type { Project, TextBlock } from '../../common/project/project-schema.js';
import { sampleProject } from '../../common/project/test-support.js';
import type { DocumentState } from './document-store.js';
import { COALESCE_GAP_MS, HISTORY_LIMIT, createDocumentStore } from './document-store.js';
import type { StoreApi } from 'zustand';

function textOf(project: Project | undefined, id: string): string | undefined {
  const block = project?.tracks.speech.blocks.find((candidate) => candidate.id === id) as
    TextBlock | undefined;
  return block?.text;
}

let documentStore: StoreApi<DocumentState>;
const store = () => documentStore.getState();
const current = () => store().doc?.project;
const type = (id: string, text: string) =>
  store().apply((doc) => updateBlock(doc, id, { text }), { label: 'Typing', coalesceKey: `text:${id}` });

describe('document store', () => {
  let opened: OpenedProject;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-05-01T10:00:00Z'));
    opened = { fileName: 'sample.timbre', project: sampleProject() };
    documentStore = createDocumentStore();
    store().open(opened);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a project as saved, with empty history', () => {
    expect(current()).toBe(opened.project);
    expect(store().savedProject).toBe(opened.project);
    expect(store().past).toHaveLength(0);
    expect(store().save).toEqual({ state: 'saved', savedAt: null });
  });

  it('undoes and redoes an edit, restoring the selection it was made with', () => {
    store().select(['t1']);
    const block = createTextBlock({ id: 'new', text: 'Added.' });
    expect(
      store().apply((doc) => addBlock(doc, block), { label: 'Add text block', select: ['new'] }),
    ).toEqual({
      ok: true,
    });
    expect(textOf(current(), 'new')).toBe('Added.');
    expect(store().selection).toEqual({ ids: ['new'], anchorId: 'new' });

    store().undo();
    expect(current()).toBe(opened.project);
    expect(store().selection).toEqual({ ids: ['t1'], anchorId: 't1' });
    expect(store().future).toHaveLength(1);

    store().redo();
    expect(textOf(current(), 'new')).toBe('Added.');
    expect(store().selection).toEqual({ ids: ['new'], anchorId: 'new' });
    expect(store().past.at(-1)?.label).toBe('Add text block');
  });

  it('coalesces typing in one block within a second into one undo step', () => {
    type('t1', 'H');
    vi.advanceTimersByTime(COALESCE_GAP_MS - 100);
    type('t1', 'Ha');
    vi.advanceTimersByTime(COALESCE_GAP_MS - 100);
    type('t1', 'Hal');
    expect(store().past).toHaveLength(1);

    store().undo();
    expect(textOf(current(), 't1')).toBe('Hello there.');
  });

  it('starts a new undo step after a pause, in another block, or after another edit', () => {
    type('t1', 'A');
    vi.advanceTimersByTime(COALESCE_GAP_MS + 1);
    type('t1', 'AB');
    expect(store().past).toHaveLength(2);
    type('t2', 'Other');
    expect(store().past).toHaveLength(3);
    store().apply((doc) => removeBlocks(doc, ['s1']), { label: 'Delete block' });
    type('t2', 'Other!');
    expect(store().past).toHaveLength(5);

    store().undo();
    expect(textOf(current(), 't2')).toBe('Other');
    store().undo();
    expect(current()?.tracks.effects.blocks.map((block) => block.id)).toContain('s1');
    store().undo();
    store().undo();
    expect(textOf(current(), 't1')).toBe('A');
  });

  it('clears the redo stack on a new edit and does not coalesce across an undo', () => {
    type('t1', 'One');
    store().undo();
    type('t1', 'Two');
    expect(store().future).toHaveLength(0);
    expect(store().past).toHaveLength(1);
  });

  it('keeps at most HISTORY_LIMIT steps, dropping the oldest', () => {
    for (let step = 0; step < HISTORY_LIMIT + 20; step += 1) {
      store().apply((doc) => updateBlock(doc, 't1', { text: `v${step}` }), { label: 'Edit' });
    }
    expect(store().past).toHaveLength(HISTORY_LIMIT);
    expect(textOf(store().past[0]?.project, 't1')).toBe('v19');
  });

  it('commits held typing before another edit, an undo or a redo, and only once', () => {
    const holdTyping = (id: string, text: string): void =>
      store().holdEdit(`text:${id}`, () => void type(id, text));
    holdTyping('t1', 'Held');
    holdTyping('t1', 'Held, then more');
    // Held: the document has not changed yet.
    expect(textOf(current(), 't1')).toBe('Hello there.');

    // Another edit commits the held typing first, as its own step, then applies on top of it.
    const block = createTextBlock({ id: 'new', text: 'Added.' });
    store().apply((doc) => addBlock(doc, block), { label: 'Add text block' });
    expect(textOf(current(), 't1')).toBe('Held, then more');
    expect(store().past.map((entry) => entry.label)).toEqual(['Typing', 'Add text block']);
    store().commitHeldEdits();
    expect(store().past).toHaveLength(2);

    // An undo commits what is held, then undoes it: the text as it was before that typing.
    store().undo();
    holdTyping('t2', 'Typed just before the undo');
    store().undo();
    expect(textOf(current(), 't2')).toBe(textOf(opened.project, 't2'));
    expect(store().future.at(-1)?.label).toBe('Typing');
    // A redo commits too: what is held lands, and the redo stack it clears is gone.
    holdTyping('t1', 'Held before a redo');
    store().redo();
    expect(textOf(current(), 't1')).toBe('Held before a redo');
    expect(store().future).toHaveLength(0);
  });

  it('drops held typing when the project closes or another opens', () => {
    store().holdEdit('text:t1', () => void type('t1', 'Never committed'));
    store().close();
    store().open(opened);
    store().commitHeldEdits();
    expect(textOf(current(), 't1')).toBe('Hello there.');
    expect(store().past).toHaveLength(0);

    store().holdEdit('text:t1', () => void type('t1', 'Never committed either'));
    store().open(opened);
    store().commitHeldEdits();
    expect(textOf(current(), 't1')).toBe('Hello there.');
  });

  it('returns a refused edit without changing the document or the history', () => {
    const result = store().apply((doc) => updateBlock(doc, 't1', { volumeDb: 99 }), { label: 'Volume' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(ProjectEditError);
      expect(result.error.field).toBe('volumeDb');
    }
    expect(current()).toBe(opened.project);
    expect(store().past).toHaveLength(0);
  });

  it('rethrows errors that are not refused edits (bugs must not pass silently)', () => {
    expect(() =>
      store().apply(
        () => {
          throw new TypeError('boom');
        },
        { label: 'Broken' },
      ),
    ).toThrow('boom');
  });

  it('records a save of an older document as pending, of the current one as saved', () => {
    type('t1', 'First');
    const first = current()!;
    vi.advanceTimersByTime(COALESCE_GAP_MS + 1);
    type('t1', 'Second');
    store().markSaved(first, '2024-05-01T10:00:02Z');
    expect(store().save).toEqual({ state: 'pending' });
    store().markSaved(current()!, '2024-05-01T10:00:03Z');
    expect(store().save).toEqual({ state: 'saved', savedAt: '2024-05-01T10:00:03Z' });
  });

  it('moves to a new file after "save as new", keeping edits made meanwhile and an undo history', () => {
    type('t1', 'Before');
    const sent = current()!;
    vi.advanceTimersByTime(COALESCE_GAP_MS + 1);
    type('t1', 'After');
    const created: OpenedProject = {
      fileName: 'copy.timbre',
      project: { ...sent, id: 'project-2', title: 'Sample (copy)' },
    };
    store().moveToFile(created, sent);
    expect(store().doc?.fileName).toBe('copy.timbre');
    expect(current()?.id).toBe('project-2');
    expect(textOf(current(), 't1')).toBe('After');
    expect(store().savedProject).toBe(created.project);
    expect(store().save.state).toBe('pending');
    store().undo();
    expect(current()?.id).toBe('project-2');
    expect(textOf(current(), 't1')).toBe('Before');
  });
});
