import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleProject } from '../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { CommandRegistry } from './command-registry.js';
import { useAppCommands } from './use-app-commands.js';
import { CommandsProvider } from './use-commands.js';

function AppCommands() {
  useAppCommands(() => undefined);
  return null;
}

describe('the app’s commands', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('hands New project on to the project list a frame later, and not at all once the app is gone', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const registry = new CommandRegistry(window, false);
    const stores = storesFor(new FakeBridge({}));
    const tree = (
      <CommandsProvider value={registry}>
        <AppCommands />
      </CommandsProvider>
    );
    const listNewProject = vi.fn();
    const app = renderWithStores(tree, stores);

    stores.navigation.getState().goTo('voices');
    registry.run('new-project', { source: 'menu' });
    expect(stores.navigation.getState().page).toBe('projects');
    const withdrawList = registry.register({ 'new-project': { run: listNewProject } });
    vi.advanceTimersToNextFrame();
    expect(listNewProject).toHaveBeenCalledTimes(1);
    withdrawList();

    registry.run('new-project', { source: 'menu' });
    app.unmount();
    const withdrawListAgain = registry.register({ 'new-project': { run: listNewProject } });
    vi.advanceTimersToNextFrame();
    expect(listNewProject).toHaveBeenCalledTimes(1);
    withdrawListAgain();
  });

  it('says what is true of the editor’s commands with a project open on another page, and closes it from there', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const registry = new CommandRegistry(window, false);
    const stores = storesFor(new FakeBridge({}));
    renderWithStores(
      <CommandsProvider value={registry}>
        <AppCommands />
      </CommandsProvider>,
      stores,
    );
    const reasonOf = (id: string) =>
      registry.entries().find((entry) => entry.spec.id === id)?.unavailableReason;

    stores.navigation.getState().goTo('exports');
    expect(reasonOf('export')).toBe('Open a project first.');
    expect(reasonOf('close-project')).toBe('No project is open.');

    stores.projects.getState().setOpened({ fileName: 'p.timbre', project: sampleProject() });
    expect(reasonOf('export')).toBe('Only in the editor: go to Projects (Ctrl+1) first.');
    expect(reasonOf('library-rename')).toBe('Only on the project list: close the project first.');
    expect(reasonOf('close-project')).toBeNull();

    // Close the project acts "everywhere", as F1 and Settings say: it shows the editor, which saves and closes.
    registry.run('close-project', { source: 'palette' });
    expect(stores.navigation.getState().page).toBe('projects');
    expect(stores.editorUi.getState().closeRequest).toBe(0);
    vi.advanceTimersToNextFrame();
    expect(stores.editorUi.getState().closeRequest).toBe(1);
  });
});
