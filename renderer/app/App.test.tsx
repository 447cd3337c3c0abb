import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_CHECK_THRESHOLDS } from '../../common/audio/take-checks.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../common/ipc/contract.js';
import type { AppStores } from '../stores/app-stores.js';
import { renderWithStores, storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { App } from './App.js';

const emptySettings: SettingsView = {
  theme: 'system',
  checks: DEFAULT_CHECK_THRESHOLDS,
  services: [],
  activeServiceUrl: null,
};

/** A page's code is imported when first shown: under vitest that transforms its modules, which takes a moment. */
const LAZY_PAGE = { timeout: 15_000 };

describe('App shell', () => {
  let bridge: FakeBridge;
  let stores: AppStores;
  beforeEach(() => {
    bridge = new FakeBridge({
      'settings.get': () => ({ ok: true, result: emptySettings }),
      'projects.list': () => ({ ok: true, result: [] }),
      'projects.recent': () => ({ ok: true, result: [] }),
      'services.save': () => ({
        ok: false,
        error: {
          code: 'CONFLICT',
          field: 'url',
          message: 'A service with the URL https://a.example is already saved.',
        },
      }),
    });
    stores = storesFor(bridge);
  });
  afterEach(() => {
    cleanup();
  });

  it('navigates between pages with the side navigation and Ctrl+number', async () => {
    renderWithStores(<App />, stores);
    // A loading line while the list is on its way, never "No projects yet" before it is known.
    expect(screen.getByTestId('projects-loading').textContent).toBe('Loading projects…');
    expect(screen.queryByTestId('projects-empty')).toBeNull();
    expect(await screen.findByTestId('projects-empty')).toBeTruthy();
    expect(screen.queryByTestId('projects-loading')).toBeNull();
    fireEvent.click(screen.getByTestId('nav-voices'));
    // Pages other than Projects load their code when first shown (lazy-pages.tsx); vitest transforms it then.
    expect(await screen.findByTestId('voices-empty', {}, LAZY_PAGE)).toBeTruthy();
    expect(screen.getByTestId('nav-voices').getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(window, { key: '3', ctrlKey: true });
    expect(await screen.findByTestId('tasks-empty', {}, LAZY_PAGE)).toBeTruthy();
    fireEvent.keyDown(window, { key: '4', ctrlKey: true });
    expect(await screen.findByTestId('exports-empty', {}, LAZY_PAGE)).toBeTruthy();
    fireEvent.keyDown(window, { key: '5', ctrlKey: true });
    await screen.findByTestId('no-services', {}, LAZY_PAGE);
  });

  it('applies the theme main sends, and follows the OS for "system"', async () => {
    renderWithStores(<App />, stores);
    await waitFor(() => expect(bridge.calls.some((call) => call.method === 'settings.get')).toBe(true));
    act(() => bridge.emit('settings.changed', { ...emptySettings, theme: 'dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    act(() => bridge.emit('settings.changed', emptySettings));
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('checks the base URL as the user types and shows main’s error next to the form', async () => {
    stores.navigation.getState().goTo('settings');
    renderWithStores(<App />, stores);
    fireEvent.click(await screen.findByTestId('add-service'));
    fireEvent.change(screen.getByTestId('service-url-input'), { target: { value: 'mailto:me@example.com' } });
    expect(screen.getByTestId('service-url-problem').textContent).toBe(
      'Base URL must use http:// or https:// (got "mailto:")',
    );
    expect((screen.getByTestId('save-service') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('service-url-input'), { target: { value: 'https://a.example' } });
    expect(screen.queryByTestId('service-url-problem')).toBeNull();
    fireEvent.click(screen.getByTestId('save-service'));
    const notice = await screen.findByTestId('error-notice');
    expect(notice.textContent).toContain('already saved');
    expect(bridge.calls.find((call) => call.method === 'services.save')?.input).toMatchObject({
      url: 'https://a.example',
      plan: 'free',
    });
  });
});
