import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eachWithFakeLibrary } from './test-support/library-page.js';
import { row, rowTitles } from './test-support/library-rows.js';
import { ProjectsPage } from './ProjectsPage.js';
import { renderWithStores } from '../../test-support/app-stores-harness.js';

// The real editor is another feature with its own tests; here only the hand-over matters.
vi.mock('../editor/ProjectEditor.js', () => import('./test-support/editor-stand-in.js'));

/** Renaming, duplicating, searching and sorting the project list (ProjectsPage.test.tsx has the rest). */
describe('ProjectsPage: names and order', () => {
  const page = eachWithFakeLibrary();

  it('closes the rename field with the new title shown as soon as main renamed, before the list is read again', async () => {
    page.library.add('Alpha', ['a']);
    page.library.add('Beta', ['b']);
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(rowTitles()).toEqual(['Beta', 'Alpha']));
    // From here on, the list main reads again answers only when the test lets it (a large library's listing).
    const invoke = page.library.bridge.invoke.bind(page.library.bridge);
    const held: (() => void)[] = [];
    page.library.bridge.invoke = (method, input) =>
      method === 'projects.list'
        ? new Promise((resolve) => held.push(() => resolve(invoke(method, input))))
        : invoke(method, input);

    fireEvent.click(within(row('Alpha')).getByTestId('project-rename'));
    const input = await screen.findByTestId('project-rename-input');
    fireEvent.change(input, { target: { value: 'Alpha (final)' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(screen.queryByTestId('project-rename-input')).toBeNull());
    expect(rowTitles()).toEqual(['Beta', 'Alpha (final)']);
    expect(held).toHaveLength(1);
    // The listing that follows agrees.
    await act(async () => held.forEach((release) => release()));
    expect(rowTitles()).toEqual(['Beta', 'Alpha (final)']);
    expect(page.library.calls('projects.list')).toHaveLength(2);
  });

  it('cancels a rename with Escape and refuses an empty title with the rule', async () => {
    page.library.add('Keep me', ['a']);
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(rowTitles()).toEqual(['Keep me']));
    fireEvent.click(within(row('Keep me')).getByTestId('project-rename'));
    const input = await screen.findByTestId('project-rename-input');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByTestId('project-rename-error').textContent).toBe(
      'The project title must not be empty.',
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(page.library.calls('projects.rename')).toEqual([]);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('project-rename-input')).toBeNull();
    expect(rowTitles()).toEqual(['Keep me']);
  });

  it('duplicates a project and selects the copy', async () => {
    page.library.add('Original', ['One.', 'Two.']);
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(rowTitles()).toEqual(['Original']));
    fireEvent.click(within(row('Original')).getByTestId('project-duplicate'));
    // Double-clicking a button is not double-clicking the row: nothing opens.
    fireEvent.doubleClick(within(row('Original')).getByTestId('project-duplicate'));
    await waitFor(() => expect(rowTitles()).toEqual(['Original (copy)', 'Original']));
    expect(page.library.calls('projects.open')).toEqual([]);
    await waitFor(() => expect(row('Original (copy)').dataset.selected).toBe('true'));
    expect(within(row('Original (copy)')).getByTestId('project-blocks').textContent).toBe('2 blocks');
    // A double click on the row itself opens it.
    fireEvent.doubleClick(within(row('Original')).getByTestId('project-title'));
    expect((await screen.findByTestId('editor-title')).textContent).toBe('Original');
  });

  it('searches and sorts, and opens a recent project in one click', async () => {
    page.library.add('Zebra documentary', ['z']);
    page.library.add('apple ad', ['a', 'b', 'c']);
    page.library.add('Mango podcast', ['m', 'n']);
    page.library.recent = [
      {
        fileName: 'zebra-documentary-1.timbre',
        title: 'Zebra documentary',
        openedAt: '2025-05-01T12:00:00.000Z',
        modifiedAt: '2025-05-01T10:00:00.000Z',
      },
    ];
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(rowTitles()).toEqual(['Mango podcast', 'apple ad', 'Zebra documentary']));
    fireEvent.change(screen.getByTestId('project-sort'), { target: { value: 'title' } });
    expect(rowTitles()).toEqual(['apple ad', 'Mango podcast', 'Zebra documentary']);
    fireEvent.change(screen.getByTestId('project-search'), { target: { value: 'POD' } });
    expect(rowTitles()).toEqual(['Mango podcast']);
    fireEvent.change(screen.getByTestId('project-search'), { target: { value: 'nothing' } });
    expect(screen.getByTestId('projects-no-match').textContent).toContain('nothing');

    // Typing in the search box is not a shortcut: Delete there edits the text.
    fireEvent.keyDown(screen.getByTestId('project-search'), { key: 'Delete' });
    expect(screen.queryByTestId('delete-project-dialog')).toBeNull();

    fireEvent.click(screen.getByTestId('recent-project'));
    expect((await screen.findByTestId('editor-title')).textContent).toBe('Zebra documentary');
  });

  it('keeps the search and the order while a project is open, so closing it returns to the same list', async () => {
    page.library.add('Zebra documentary', ['z']);
    page.library.add('apple ad', ['a', 'b', 'c']);
    page.library.add('Mango podcast', ['m', 'n']);
    page.library.add('Podcast trailer', ['t']);
    renderWithStores(<ProjectsPage />, page.stores);
    await waitFor(() => expect(rowTitles()).toHaveLength(4));
    fireEvent.change(screen.getByTestId('project-sort'), { target: { value: 'title' } });
    fireEvent.change(screen.getByTestId('project-search'), { target: { value: 'pod' } });
    expect(rowTitles()).toEqual(['Mango podcast', 'Podcast trailer']);

    fireEvent.click(within(row('Podcast trailer')).getByTestId('project-open'));
    fireEvent.click(await screen.findByTestId('editor-close'));

    await waitFor(() => expect(rowTitles()).toEqual(['Mango podcast', 'Podcast trailer']));
    expect((screen.getByTestId('project-search') as HTMLInputElement).value).toBe('pod');
    expect((screen.getByTestId('project-sort') as HTMLSelectElement).value).toBe('title');
  });
});
