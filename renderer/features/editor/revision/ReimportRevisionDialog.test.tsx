import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportBlock } from '../../../../common/import/imported-script.js';
import type { Project, TextBlock } from '../../../../common/project/index.js';
import { createProject, createTextBlock } from '../../../../common/project/index.js';
import { contextOf, withOneTake } from '../../../../common/project/test-support.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { ReimportRevisionButton } from './ReimportRevisionButton.js';

/** The comparisons started (jsdom has no Worker: each is matched on the page, and answered at once unless held). */
const matches = vi.hoisted(() => ({
  hold: false,
  started: [] as { cancelled: boolean; release(): void }[],
}));
vi.mock('./revision-matcher.js', async () => {
  const { matchRevision } = await import('../../../../common/import/revision-match.js');
  return {
    startRevisionMatch: (oldTexts: readonly string[], newTexts: readonly string[]) => {
      let release = (): void => undefined;
      const changes = new Promise((resolve) => {
        release = () => resolve(matchRevision(oldTexts, newTexts));
      });
      const job = { cancelled: false, release };
      matches.started.push(job);
      if (!matches.hold) release();
      return { changes, cancel: () => (job.cancelled = true) };
    },
  };
});

const TEXTS = [
  'The harbour lay quiet under a low grey sky.',
  'Mara counted the boats twice and still came up one short.',
  'She walked the sea wall until the tide turned.',
];
const EDITED = 'Mara counted the fishing boats twice and still came up one short.';
const ADDED = 'A gull cried over the slipway.';

/** A book whose every block has a take of its text: nothing is waiting to be generated. */
function generatedBook(): Project {
  const base = createProject({ title: 'Harbour', defaults: { voiceId: 'v1', language: 'en' } });
  const context = contextOf(base);
  const blocks = TEXTS.map((text, index): TextBlock =>
    withOneTake(createTextBlock({ id: `b${index}`, text }), context, 2000),
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

const ok = (result: unknown) => ({ ok: true as const, result });

function open(revision: ImportBlock[]) {
  const bridge = new FakeBridge({
    'staging.begin': () => ok({ stagingId: '6f1c2a4e-8f0b-4c53-9a51-1d2e3f405060' }),
    'staging.append': () => ok(null),
    'staging.finish': () => ok(null),
    'projects.readRevision': () =>
      ok({
        preview: { blockCount: revision.length, chapters: [], speakers: [], firstBlocks: [] },
        blocks: revision,
      }),
  });
  const stores = storesFor(bridge);
  stores.document.getState().open({ fileName: 'harbour.timbre', project: generatedBook() });
  renderWithStores(<ReimportRevisionButton />, stores);
  return { bridge, stores };
}

const textsOf = (stores: AppStores): string[] =>
  stores.document
    .getState()
    .doc!.project.tracks.speech.blocks.map((block) => (block.type === 'text' ? block.text : block.type));

async function pickRevision(): Promise<HTMLElement> {
  fireEvent.click(screen.getByTestId('revision-open'));
  const input = await screen.findByTestId('revision-file');
  const file = new File(['The revised book.'], 'Harbour (2nd edition).txt', { type: 'text/plain' });
  fireEvent.change(input, { target: { files: [file] } });
  return screen.findByTestId('revision-diff');
}

afterEach(() => {
  cleanup();
  matches.hold = false;
  matches.started.length = 0;
});

describe('Re-import revised manuscript', () => {
  it('shows the diff with its counts, texts and the credits of what must be generated again', async () => {
    const { bridge } = open([{ text: TEXTS[0]! }, { text: EDITED }, { text: ADDED }, { text: TEXTS[2]! }]);
    const diff = await pickRevision();
    expect(within(diff).getByTestId('revision-count-unchanged').textContent).toContain('2 unchanged');
    expect(within(diff).getByTestId('revision-count-changed').textContent).toBe('1 changed');
    expect(within(diff).getByTestId('revision-count-added').textContent).toBe('1 added');
    expect(within(diff).getByTestId('revision-count-removed').textContent).toBe('0 removed');
    const rows = within(diff).getAllByTestId('revision-change');
    expect(rows.map((row) => row.dataset['kind'])).toEqual(['changed', 'added']);
    expect(within(rows[0]!).getByTestId('revision-old').textContent).toBe(TEXTS[1]);
    expect(within(rows[0]!).getByTestId('revision-new').textContent).toBe(EDITED);
    // Only the edited and the added paragraph are sent: one credit per character.
    const credits = EDITED.length + ADDED.length;
    expect(screen.getByTestId('revision-credits').textContent).toContain(
      `After applying, 2 blocks need generating, ≈ ${credits} credits.`,
    );
    // The book has no chapter marks: its one chapter, the opening, changes.
    expect(screen.getByTestId('revision-chapters').textContent).toContain(
      'Chapters whose audio changes (their chapter files need exporting again): Opening.',
    );
    const read = bridge.calls.find((call) => call.method === 'projects.readRevision');
    expect(read?.input).toMatchObject({
      fileName: 'Harbour (2nd edition).txt',
      split: { paragraphs: 'blank-lines', splitSentences: false },
    });
  });

  it('applies the revision as one edit that Undo takes back whole', async () => {
    const { stores } = open([{ text: TEXTS[0]! }, { text: EDITED }, { text: ADDED }]);
    const before = stores.document.getState().doc!.project;
    await pickRevision();
    fireEvent.click(screen.getByTestId('revision-apply'));
    await waitFor(() => expect(screen.queryByTestId('revision-dialog')).toBeNull());
    expect(textsOf(stores)).toEqual([TEXTS[0], EDITED, ADDED]);
    expect(stores.document.getState().past).toHaveLength(1);
    stores.document.getState().undo();
    expect(stores.document.getState().doc!.project).toBe(before);
  });

  it('says before Apply that a revision would take the project over its limits, and offers no Apply', async () => {
    const huge = Array.from({ length: 20_001 }, (_, index): ImportBlock => ({ text: `Line ${index}.` }));
    const { stores } = open(huge);
    fireEvent.click(screen.getByTestId('revision-open'));
    const file = new File(['x'], 'Harbour.txt', { type: 'text/plain' });
    fireEvent.change(await screen.findByTestId('revision-file'), { target: { files: [file] } });
    expect((await screen.findByTestId('revision-problem')).textContent).toContain(
      'with it the project has 20,001 blocks; a project holds at most 20,000',
    );
    expect((screen.getByTestId('revision-apply') as HTMLButtonElement).disabled).toBe(true);
    expect(stores.document.getState().past).toHaveLength(0);
  });

  it('changes nothing when cancelled', async () => {
    const { stores } = open([{ text: EDITED }]);
    const before = stores.document.getState().doc!.project;
    await pickRevision();
    fireEvent.click(screen.getByTestId('revision-cancel'));
    expect(screen.queryByTestId('revision-dialog')).toBeNull();
    expect(stores.document.getState().doc!.project).toBe(before);
    expect(stores.document.getState().past).toHaveLength(0);
  });

  it('ends a read still running when another file is picked or the dialog is closed', async () => {
    const ids = ['6f1c2a4e-8f0b-4c53-9a51-1d2e3f405061', '6f1c2a4e-8f0b-4c53-9a51-1d2e3f405062'];
    let begun = 0;
    const bridge = new FakeBridge({
      'staging.begin': () => ok({ stagingId: ids[begun++]! }),
      'staging.append': () => ok(null),
      'staging.finish': () => ok(null),
      // Main is still reading: the answer never comes.
      'projects.readRevision': () => new Promise(() => undefined),
      'projects.cancelImport': () => ok({ cancelled: true }),
    });
    const stores = storesFor(bridge);
    stores.document.getState().open({ fileName: 'harbour.timbre', project: generatedBook() });
    renderWithStores(<ReimportRevisionButton />, stores);
    fireEvent.click(screen.getByTestId('revision-open'));
    const input = await screen.findByTestId('revision-file');
    const cancelled = () =>
      bridge.calls.filter((call) => call.method === 'projects.cancelImport').map((call) => call.input);
    const reads = () => bridge.calls.filter((call) => call.method === 'projects.readRevision').length;
    fireEvent.change(input, { target: { files: [new File(['a'], 'Big book.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(reads()).toBe(1));
    fireEvent.change(input, { target: { files: [new File(['b'], 'Harbour.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(reads()).toBe(2));
    expect(cancelled()).toEqual([{ importId: ids[0] }]);
    fireEvent.click(screen.getByTestId('revision-cancel'));
    expect(cancelled()).toEqual([{ importId: ids[0] }, { importId: ids[1] }]);
  });

  it('says “Comparing…” while the revision is matched off the page, then shows the diff', async () => {
    open([{ text: TEXTS[0]! }, { text: EDITED }, { text: TEXTS[2]! }]);
    matches.hold = true;
    fireEvent.click(screen.getByTestId('revision-open'));
    const file = new File(['x'], 'Harbour (2nd edition).txt', { type: 'text/plain' });
    fireEvent.change(await screen.findByTestId('revision-file'), { target: { files: [file] } });
    expect((await screen.findByTestId('revision-comparing')).textContent).toBe(
      'Comparing “Harbour (2nd edition).txt” with the project…',
    );
    expect((screen.getByTestId('revision-apply') as HTMLButtonElement).disabled).toBe(true);
    expect(matches.started).toHaveLength(1);
    matches.started[0]!.release();
    const diff = await screen.findByTestId('revision-diff');
    expect(within(diff).getByTestId('revision-count-changed').textContent).toBe('1 changed');
    expect(screen.queryByTestId('revision-comparing')).toBeNull();
  });

  it('ends a comparison still running when the dialog is closed', async () => {
    open([{ text: EDITED }]);
    matches.hold = true;
    fireEvent.click(screen.getByTestId('revision-open'));
    const file = new File(['x'], 'Harbour.txt', { type: 'text/plain' });
    fireEvent.change(await screen.findByTestId('revision-file'), { target: { files: [file] } });
    await screen.findByTestId('revision-comparing');
    fireEvent.click(screen.getByTestId('revision-cancel'));
    expect(matches.started.map((job) => job.cancelled)).toEqual([true]);
  });

  it('closes when another project is opened, and stays closed on coming back', async () => {
    const { stores } = open([{ text: EDITED }]);
    fireEvent.click(screen.getByTestId('revision-open'));
    await screen.findByTestId('revision-dialog');
    const first = stores.document.getState().doc!.project;
    const other = createProject({ title: 'Another book', defaults: { voiceId: 'v1', language: 'en' } });
    act(() => stores.document.getState().open({ fileName: 'another.timbre', project: other }));
    expect(screen.queryByTestId('revision-dialog')).toBeNull();
    act(() => stores.document.getState().open({ fileName: 'harbour.timbre', project: first }));
    expect(screen.queryByTestId('revision-dialog')).toBeNull();
  });
});
