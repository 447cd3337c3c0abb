import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateBlock } from '../../common/project/block-edits.js';
import { IpcError } from '../../common/ipc/errors.js';
import type { Project, TextBlock } from '../../common/project/project-schema.js';
import { sampleProject } from '../../common/project/test-support.js';
import type { Autosave } from './editor-autosave.js';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_DELAY_MS, startAutosave } from './editor-autosave.js';
import type { DocumentState } from './document-store.js';
import { createDocumentStore } from './document-store.js';
import type { StoreApi } from 'zustand';

interface PendingSave {
  fileName: string;
  project: Project;
  resolve(): void;
  reject(error: unknown): void;
}

let documentStore: StoreApi<DocumentState>;
const store = () => documentStore.getState();
const type = (text: string) =>
  store().apply((doc) => updateBlock(doc, 't1', { text }), { label: 'Typing', coalesceKey: 'text:t1' });
const textOf = (project: Project) => (project.tracks.speech.blocks[0] as TextBlock).text;

describe('autosave', () => {
  let saves: PendingSave[];
  let autosave: Autosave;

  beforeEach(() => {
    vi.useFakeTimers();
    saves = [];
    documentStore = createDocumentStore();
    store().open({ fileName: 'sample.timbre', project: sampleProject() });
    autosave = startAutosave(documentStore, {
      save: (fileName, project) =>
        new Promise((resolve, reject) => {
          saves.push({ fileName, project, resolve: () => resolve({ savedAt: 'now' }), reject });
        }),
    });
  });
  afterEach(() => {
    autosave.dispose();
    vi.useRealTimers();
  });

  it('saves one second after the last edit, not before', async () => {
    type('A');
    expect(store().save.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 10);
    type('AB');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 10);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.fileName).toBe('sample.timbre');
    expect(textOf(saves[0]!.project)).toBe('AB');
    expect(store().save.state).toBe('saving');
    saves[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(store().save).toEqual({ state: 'saved', savedAt: 'now' });
  });

  it('still saves every ten seconds while typing never pauses', async () => {
    for (let elapsed = 0; elapsed < AUTOSAVE_MAX_DELAY_MS - 500; elapsed += 500) {
      type(`t${elapsed}`);
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(saves).toHaveLength(0);
    type('last');
    await vi.advanceTimersByTimeAsync(500);
    expect(saves).toHaveLength(1);
    expect(textOf(saves[0]!.project)).toBe('last');
  });

  it('keeps one save in flight and then writes the newest document', async () => {
    type('first');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(saves).toHaveLength(1);
    type('second');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    type('third');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(saves).toHaveLength(1);
    saves[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves).toHaveLength(2);
    expect(textOf(saves[1]!.project)).toBe('third');
    expect(store().save.state).toBe('saving');
    saves[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(store().save.state).toBe('saved');
    expect(store().savedProject).toBe(store().doc?.project);
  });

  it('shows a failed save with its reason, keeps the edit and retries with the next edit', async () => {
    type('unsaved');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    saves[0]!.reject(new IpcError({ code: 'INTERNAL', message: 'The disk is full.' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(store().save).toMatchObject({ state: 'failed', message: 'The disk is full.', retryable: true });
    expect(textOf(store().doc!.project)).toBe('unsaved');
    expect(store().savedProject).not.toBe(store().doc?.project);

    type('unsaved, edited');
    expect(store().save.state).toBe('failed');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(saves).toHaveLength(2);
    expect(textOf(saves[1]!.project)).toBe('unsaved, edited');
    saves[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(store().save.state).toBe('saved');
  });

  it('stops writing over a file that changed on disk until it is saved as a new project', async () => {
    type('mine');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    saves[0]!.reject(
      new IpcError({
        code: 'CONFLICT',
        field: 'fileName',
        message: 'sample.timbre was changed by another program.',
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(store().save).toMatchObject({ state: 'failed', code: 'CONFLICT', retryable: false });
    type('mine, more');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3);
    expect(saves).toHaveLength(1);
    await expect(autosave.flush()).resolves.toBe(false);

    const sent = store().doc!.project;
    store().moveToFile({ fileName: 'mine.timbre', project: { ...sent, id: 'new-id' } }, sent);
    expect(store().save.state).toBe('saved');
    type('mine, in the new file');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(saves.at(-1)?.fileName).toBe('mine.timbre');
  });

  it('flush writes at once and resolves when the newest document is on disk', async () => {
    type('quick');
    const flushed = autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves).toHaveLength(1);
    type('quicker');
    saves[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves).toHaveLength(2);
    saves[1]!.resolve();
    await expect(flushed).resolves.toBe(true);
    expect(textOf(store().savedProject!)).toBe('quicker');
  });

  it('flush writes typing still held for its frame, held before it or while a save was in flight', async () => {
    store().holdEdit('text:t1', () => void type('held'));
    const flushed = autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.map((save) => textOf(save.project))).toEqual(['held']);
    // Typed while that save is on its way (Close shows "Saving…"), its frame not yet painted.
    store().holdEdit('text:t1', () => void type('held during the save'));
    saves[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.map((save) => textOf(save.project))).toEqual(['held', 'held during the save']);
    saves[1]!.resolve();
    await expect(flushed).resolves.toBe(true);
    expect(textOf(store().savedProject!)).toBe('held during the save');
  });

  it('flush reports a failure so closing can be stopped', async () => {
    type('doomed');
    const flushed = autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    saves[0]!.reject(new Error('offline'));
    await expect(flushed).resolves.toBe(false);
    expect(store().save).toMatchObject({ state: 'failed', message: 'offline' });
  });

  it('has nothing to save after undoing back to the saved document', async () => {
    type('oops');
    store().undo();
    expect(store().save.state).toBe('saved');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(saves).toHaveLength(0);
  });
});
