import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createProject } from '../../../common/project/index.js';
import { FakeLibrary } from './test-support/fake-library.js';
import { eachWithFakeLibrary } from './test-support/library-page.js';
import { row, rowTitles } from './test-support/library-rows.js';
import { FIRST_DRAWN_ROWS } from './ProjectLibrary.js';
import { ProjectsPage } from './ProjectsPage.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';

// The real editor is another feature with its own tests; here only the hand-over matters.
vi.mock('../editor/ProjectEditor.js', () => import('./test-support/editor-stand-in.js'));

describe('ProjectsPage', () => {
  const page = eachWithFakeLibrary();

  it('lists each project with its modified time, blocks, characters and estimated duration', async () => {
    page.library.add('Chapter one', ['Hello there.', 'General Kenobi.']);
    page.library.add('Single', ['One block only.']);
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(2));
    const chapter = row('Chapter one');
    expect(within(chapter).getByTestId('project-blocks').textContent).toBe('2 blocks');
    expect(within(chapter).getByTestId('project-characters').textContent).toBe('27 characters');
    expect(within(chapter).getByTestId('project-duration').textContent).toBe('≈ 0:08');
    expect(chapter.textContent).toMatch(/Modified .*2025/);
    expect(within(row('Single')).getByTestId('project-blocks').textContent).toBe('1 block');
  });

  it('shows damaged and newer files as such, with the reason, instead of hiding them', async () => {
    page.library.add('Fine', ['Text.']);
    page.library.failures.set('broken-1.timbre', {
      ok: false,
      fileName: 'broken-1.timbre',
      problem: 'not-json',
      message: 'The project file is damaged: it is not valid JSON (Unexpected token).',
    });
    page.library.failures.set('future-2.timbre', {
      ok: false,
      fileName: 'future-2.timbre',
      problem: 'newer-version',
      message: 'This project was made by a newer version of Timbre Studio (file format 7).',
    });
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(3));
    const rows = screen.getAllByTestId('project-row');
    const broken = rows.find((element) => element.dataset.fileName === 'broken-1.timbre');
    const future = rows.find((element) => element.dataset.fileName === 'future-2.timbre');
    expect(broken?.dataset.state).toBe('not-json');
    expect(within(broken as HTMLElement).getByTestId('project-problem').textContent).toBe('Damaged');
    expect(within(broken as HTMLElement).getByTestId('project-problem-message').textContent).toContain(
      'not valid JSON',
    );
    expect(within(future as HTMLElement).getByTestId('project-problem').textContent).toBe('Newer version');
    expect((within(future as HTMLElement).getByTestId('project-rename') as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('creates a project with Ctrl+N, checks the title rule, and keeps it open across page switches', async () => {
    const { unmount } = renderWithStores(<ProjectsPage />, page.stores);
    await screen.findByTestId('projects-empty');
    fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    const title = await screen.findByTestId('new-project-title');
    fireEvent.change(title, { target: { value: '   ' } });
    expect(screen.getByTestId('new-project-title-error').textContent).toBe(
      'The project title must not be empty.',
    );
    expect((screen.getByTestId('new-project-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Radio play' } });
    fireEvent.click(screen.getByTestId('new-project-submit'));
    expect((await screen.findByTestId('editor-title')).textContent).toBe('Radio play');
    expect(page.library.calls('projects.create')).toEqual([{ title: 'Radio play' }]);

    // Another page, then back: the same project is still open.
    unmount();
    renderWithStores(<ProjectsPage />, page.stores);
    expect(screen.getByTestId('editor-title').textContent).toBe('Radio play');
    fireEvent.click(screen.getByTestId('editor-close'));
    await waitFor(() => expect(rowTitles()).toEqual(['Radio play']));
  });

  it('drives the list from the keyboard: arrows select, Enter opens, F2 renames, Delete asks first', async () => {
    page.library.add('Alpha', ['a']);
    page.library.add('Beta', ['b']);
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(rowTitles()).toEqual(['Beta', 'Alpha']));

    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(row('Alpha').dataset.selected).toBe('true');

    fireEvent.keyDown(window, { key: 'F2' });
    const input = await screen.findByTestId('project-rename-input');
    fireEvent.change(input, { target: { value: 'Alpha (final)' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByTestId('project-rename-input')).toBeNull());
    expect(rowTitles()).toContain('Alpha (final)');
    expect(document.activeElement).toBe(row('Alpha (final)'));
    expect(page.library.calls('projects.rename')).toEqual([
      { fileName: 'alpha-1.timbre', title: 'Alpha (final)' },
    ]);

    fireEvent.keyDown(window, { key: 'Delete' });
    const dialog = await screen.findByTestId('delete-project-dialog');
    expect(dialog.textContent).toContain('Alpha (final)');
    expect(dialog.textContent).toContain('and any backup copies of it go to the trash');
    // Escape cancels: nothing is deleted.
    fireEvent.keyDown(within(dialog).getByTestId('delete-confirm'), { key: 'Escape' });
    expect(screen.queryByTestId('delete-project-dialog')).toBeNull();
    expect(page.library.calls('projects.delete')).toEqual([]);

    fireEvent.keyDown(window, { key: 'Delete' });
    fireEvent.click(await screen.findByTestId('delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('delete-project-dialog')).toBeNull());
    expect(rowTitles()).toEqual(['Beta']);
    expect(page.library.calls('projects.delete')).toEqual([{ fileName: 'alpha-1.timbre' }]);

    // (Cmd+Backspace, the Mac's way, is a Mac-only key: command-registry.test.ts presses it.)

    fireEvent.keyDown(window, { key: 'Home' });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect((await screen.findByTestId('editor-title')).textContent).toBe('Beta');
    expect(page.library.calls('projects.open')).toEqual([{ fileName: 'beta-2.timbre' }]);
  });

  it('explains a damaged file with its field path and restores the last good version on request', async () => {
    const backup = createProject({ title: 'Saved yesterday', textBlocks: ['First.', 'Second.'] });
    page.library.failures.set('story-1.timbre', {
      ok: false,
      fileName: 'story-1.timbre',
      problem: 'invalid',
      message:
        'The project file is damaged: tracks.speech.blocks[3].text must be text. A backup of the previous version is available.',
      fieldPath: 'tracks.speech.blocks[3].text',
      recovery: { source: 'backup', project: backup, savedAt: '2025-04-30T09:00:00.000Z' },
    });
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(1));
    expect(screen.getByTestId('project-has-backup').textContent).toBe('Backup available');
    fireEvent.click(screen.getByTestId('project-open'));

    const dialog = await screen.findByTestId('open-problem');
    expect(within(dialog).getByRole('heading').textContent).toBe('This project file is damaged');
    expect(within(dialog).getByTestId('open-problem-field').textContent).toBe(
      'First bad field: tracks.speech.blocks[3].text',
    );
    expect(within(dialog).getByTestId('open-problem-recovery').textContent).toContain('Saved yesterday');
    expect(within(dialog).getByTestId('open-problem-recovery').textContent).toContain('2 blocks');
    fireEvent.click(within(dialog).getByTestId('restore-backup'));
    expect((await screen.findByTestId('editor-title')).textContent).toBe('Saved yesterday');
    expect(page.library.calls('projects.restoreBackup')).toEqual([{ fileName: 'story-1.timbre' }]);
  });

  it('says a newer file needs an update and offers no restore', async () => {
    page.library.failures.set('future-1.timbre', {
      ok: false,
      fileName: 'future-1.timbre',
      problem: 'newer-version',
      message: 'This project was made by a newer version of Timbre Studio (file format 9).',
    });
    renderWithStores(<ProjectsPage />, page.stores);
    fireEvent.click(await screen.findByTestId('project-open'));
    const dialog = await screen.findByTestId('open-problem');
    expect(within(dialog).getByRole('heading').textContent).toBe('This project needs a newer Timbre Studio');
    expect(within(dialog).getByTestId('open-problem-message').textContent).toContain('file format 9');
    expect(within(dialog).queryByTestId('restore-backup')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('open-problem-close'));
    expect(screen.queryByTestId('open-problem')).toBeNull();
    expect(page.library.calls('projects.restoreBackup')).toEqual([]);
  });

  it("draws a long library's first screenful first, then every row in order, and finds any of them", async () => {
    const count = FIRST_DRAWN_ROWS + 70;
    for (let index = 0; index < count; index += 1) page.library.add(`Episode ${index}`, ['Text.']);
    // Rows added to the list after it first appeared: the split draw, seen from the page.
    const addedLater: Node[] = [];
    const watcher = new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as HTMLElement).dataset?.testid !== 'project-list') continue;
        addedLater.push(...record.addedNodes);
      }
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(count));
    watcher.disconnect();
    expect(addedLater).toHaveLength(count - FIRST_DRAWN_ROWS);
    // Newest first, none lost or repeated across the two draws.
    expect(rowTitles()).toEqual(Array.from({ length: count }, (_, index) => `Episode ${count - 1 - index}`));
    fireEvent.change(screen.getByTestId('project-search'), { target: { value: 'Episode 3' } });
    expect(rowTitles()).toEqual([
      'Episode 39',
      'Episode 38',
      'Episode 37',
      'Episode 36',
      'Episode 35',
      'Episode 34',
      'Episode 33',
      'Episode 32',
      'Episode 31',
      'Episode 30',
      'Episode 3',
    ]);
  });

  it('shows rows main has not counted yet with their titles, and their figures once main says they are counted', async () => {
    page.library.add('Counted', ['Short.']);
    const book = page.library.add('Big book', ['One sentence.', 'Two sentences.', 'Three.']);
    page.library.counting.add(book.fileName);
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(2));
    // The page asks for the prompt listing.
    expect(page.library.calls('projects.list')).toContainEqual({ promptly: true });
    const counting = row('Big book');
    expect(counting.dataset.state).toBe('counting');
    expect(within(counting).getByTestId('project-counting').textContent).toBe('Counting blocks…');
    expect(within(counting).queryByTestId('project-blocks')).toBeNull();
    // Open works at once: the row's file is there.
    expect(within(counting).getByTestId('project-open')).toHaveProperty('disabled', false);

    // An order by the figures says it is not final yet; the order by date needs no note.
    expect(screen.queryByTestId('projects-counting-note')).toBeNull();
    fireEvent.change(screen.getByTestId('project-sort'), { target: { value: 'duration' } });
    expect(screen.getByTestId('projects-counting-note').textContent).toBe(
      'Still counting 1 project: it is listed last in this order for now.',
    );
    expect(rowTitles()).toEqual(['Counted', 'Big book']);

    page.library.counting.clear();
    act(() => page.library.bridge.emit('projects.listCounted', null));
    await waitFor(() => expect(row('Big book').dataset.state).toBe('ok'));
    expect(screen.queryByTestId('projects-counting-note')).toBeNull();
    expect(rowTitles()).toEqual(['Big book', 'Counted']);
    expect(within(row('Big book')).getByTestId('project-blocks').textContent).toBe('3 blocks');
    expect(within(row('Counted')).getByTestId('project-blocks').textContent).toBe('1 block');
  });

  it('brings the project just closed into view when the list comes back, even past the first screenful', async () => {
    // jsdom has no scrollIntoView: record which rows ask to be shown.
    const shown: (string | undefined)[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      shown.push((this as HTMLElement).dataset.title);
    });
    try {
      const count = FIRST_DRAWN_ROWS + 30;
      for (let index = 0; index < count; index += 1) page.library.add(`Episode ${index}`, ['Text.']);
      // Episode 5 is near the bottom (newest first), past the rows drawn first.
      const closed = [...page.library.projects.values()].find(({ project }) => project.title === 'Episode 5');
      page.stores.projects.getState().select(closed?.fileName ?? null);
      renderWithStores(<ProjectsPage />, page.stores);
      await waitFor(() => expect(shown).toEqual(['Episode 5']));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('shows why the list could not be read, and tries again', async () => {
    let fail = true;
    page.library = new FakeLibrary({
      'projects.list': () =>
        fail
          ? { ok: false, error: { code: 'INTERNAL', message: 'EACCES: permission denied, scandir projects' } }
          : { ok: true, result: [] },
    });
    page.stores = storesFor(page.library.bridge);
    renderWithStores(<ProjectsPage />, page.stores);
    expect((await screen.findByTestId('projects-load-error')).textContent).toContain('permission denied');
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.queryByTestId('projects-load-error')).toBeNull());
  });
});
