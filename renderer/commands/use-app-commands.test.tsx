import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
