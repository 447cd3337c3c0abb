import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../common/audio/take-checks.js';
import type { SettingsView } from '../../common/ipc/contract.js';
import type { AppStores } from '../stores/app-stores.js';
import { renderWithStores, storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { App } from './App.js';

const settings: SettingsView = {
  theme: 'system',
  checks: DEFAULT_CHECK_THRESHOLDS,
  services: [],
  activeServiceUrl: null,
};

describe('App commands', () => {
  let bridge: FakeBridge;
  let stores: AppStores;
  beforeEach(() => {
    bridge = new FakeBridge({
      'settings.get': () => ({ ok: true, result: settings }),
      'projects.list': () => ({ ok: true, result: [] }),
      'projects.recent': () => ({ ok: true, result: [] }),
    });
    stores = storesFor(bridge);
  });
  afterEach(() => {
    cleanup();
  });

  it('lets the project list answer Ctrl+N before the app’s own New project, from any page through the menu', async () => {
    renderWithStores(<App />, stores);
    await screen.findByTestId('projects-empty');
    fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    expect(await screen.findByTestId('new-project-title')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('new-project-title'), { key: 'Escape' });
    expect(screen.queryByTestId('new-project-title')).toBeNull();

    fireEvent.click(screen.getByTestId('nav-voices'));
    act(() => bridge.emit('menu.command', { command: 'new-project' }));
    expect(await screen.findByTestId('new-project-title')).toBeTruthy();
    expect(screen.getByTestId('nav-projects').getAttribute('aria-current')).toBe('page');
  });

  it('opens the palette with Ctrl+Shift+P and follows the keys main keeps for commands', async () => {
    renderWithStores(<App />, stores);
    await screen.findByTestId('projects-empty');
    act(() =>
      bridge.emit('settings.changed', { ...settings, keyBindings: { 'command-palette': ['Alt+K'] } }),
    );
    fireEvent.keyDown(window, { key: 'P', ctrlKey: true, shiftKey: true });
    expect(screen.queryByTestId('command-palette')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', altKey: true });
    expect(screen.getByRole('dialog', { name: 'Commands' })).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('command-palette-search'), { key: 'Escape' });
    act(() => bridge.emit('settings.changed', settings));
    fireEvent.keyDown(window, { key: 'P', ctrlKey: true, shiftKey: true });
    expect(screen.getByTestId('command-palette')).toBeTruthy();
  });
});
