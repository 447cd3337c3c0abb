import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateView } from '../../../common/updates/update-state.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { UpdatesSection } from './UpdatesSection.js';

const ready: UpdateView = {
  currentVersion: '1.0.0',
  automaticChecks: true,
  update: {
    state: 'ready',
    version: '1.1.0',
    // What main sends is text already; were it HTML, the page must still show it as text.
    notes: "What's new\n• Faster <b>exports</b><img src=x onerror=alert(1)>",
  },
  restartBlockedBy: null,
};

describe('Settings → Updates', () => {
  afterEach(cleanup);

  it('shows the version and a ready update with its notes as text, and restarts only when asked', async () => {
    const bridge = new FakeBridge({
      'updates.get': () => ({ ok: true, result: ready }),
      'updates.restart': () => ({ ok: true, result: { ok: true } }),
    });
    renderWithStores(<UpdatesSection />, storesFor(bridge));
    expect((await screen.findByTestId('updates-current-version')).textContent).toBe('1.0.0');
    expect(screen.getByTestId('updates-state').textContent).toMatch(/Version 1.1.0 is downloaded/);
    const notes = screen.getByTestId('updates-notes');
    expect(notes.textContent).toContain('Faster <b>exports</b><img');
    expect(notes.querySelector('b, img')).toBeNull();
    expect(bridge.calls.some((call) => call.method === 'updates.restart')).toBe(false);
    fireEvent.click(screen.getByTestId('updates-restart'));
    await act(async () => Promise.resolve());
    expect(bridge.calls.at(-1)).toEqual({ method: 'updates.restart', input: { unsavedProject: false } });
  });

  it('offers no restart while work runs, follows updates.changed, and shows main refusing a restart', async () => {
    const bridge = new FakeBridge({
      'updates.get': () => ({
        ok: true,
        result: {
          ...ready,
          restartBlockedBy: 'Restart to update waits until nothing is running: 1 export still running.',
        },
      }),
      'updates.restart': () => ({
        ok: true,
        result: {
          ok: false,
          reason: 'Restart to update waits until nothing is running: 1 import still running.',
        },
      }),
    });
    renderWithStores(<UpdatesSection />, storesFor(bridge));
    const button = await screen.findByTestId<HTMLButtonElement>('updates-restart');
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('updates-restart-blocked').textContent).toMatch(/1 export still running/);
    act(() => bridge.emit('updates.changed', ready));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect((await screen.findByTestId('updates-restart-refused')).textContent).toMatch(
      /1 import still running/,
    );
  });

  it('switches automatic checks off and asks for a check now', async () => {
    const upToDate: UpdateView = {
      ...ready,
      update: { state: 'up-to-date', checkedAt: '2026-11-27T10:00:00.000Z' },
    };
    const bridge = new FakeBridge({
      'updates.get': () => ({ ok: true, result: upToDate }),
      'updates.setAutomatic': () => ({ ok: true, result: { ...upToDate, automaticChecks: false } }),
      'updates.check': () => ({ ok: true, result: upToDate }),
    });
    renderWithStores(<UpdatesSection />, storesFor(bridge));
    const box = await screen.findByTestId<HTMLInputElement>('updates-automatic');
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await act(async () => Promise.resolve());
    expect(bridge.calls.at(-1)).toEqual({ method: 'updates.setAutomatic', input: { enabled: false } });
    expect(box.checked).toBe(false);
    expect(screen.queryByTestId('updates-restart')).toBeNull();
    fireEvent.click(screen.getByTestId('updates-check'));
    await act(async () => Promise.resolve());
    expect(bridge.calls.at(-1)?.method).toBe('updates.check');
  });
});
