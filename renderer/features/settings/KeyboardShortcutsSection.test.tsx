import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import type { SettingsView } from '../../../common/ipc/contract.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { KeyboardShortcutsSection } from './KeyboardShortcutsSection.js';

const view: SettingsView = {
  theme: 'system',
  checks: DEFAULT_CHECK_THRESHOLDS,
  services: [],
  activeServiceUrl: null,
  keyBindings: {},
};

function setUp(keyBindings: Record<string, string[]> = {}) {
  const bridge = new FakeBridge({
    'settings.setKeyBinding': (input) => {
      const { commandId, keys } = input as { commandId: string; keys: string[] | null };
      const keyBindings: Record<string, string[]> = {};
      if (keys !== null) keyBindings[commandId] = keys;
      return { ok: true, result: { ...view, keyBindings } };
    },
  });
  const stores = storesFor(bridge);
  stores.settings.getState().setView({ ...view, keyBindings });
  renderWithStores(<KeyboardShortcutsSection />, stores);
  return { bridge };
}

function rowOf(id: string): HTMLElement {
  const found = screen.getAllByTestId('shortcut-row').find((row) => row.dataset.command === id);
  if (!found) throw new Error(`No row for ${id}`);
  return found;
}

describe('KeyboardShortcutsSection', () => {
  afterEach(cleanup);

  it('records the next key press as a command’s key and asks main to keep it', async () => {
    const { bridge } = setUp();
    const row = rowOf('export');
    expect(within(row).getByTestId('shortcut-keys').textContent).toBe('Ctrl+E');
    const change = within(row).getByTestId('shortcut-change');
    fireEvent.click(change);
    // Modifiers alone are not a key yet.
    fireEvent.keyDown(change, { key: 'Control', ctrlKey: true });
    fireEvent.keyDown(change, { key: 'x', ctrlKey: true, shiftKey: true });
    await waitFor(() =>
      expect(within(rowOf('export')).getByTestId('shortcut-keys').textContent).toBe('Ctrl+Shift+X'),
    );
    expect(bridge.calls).toEqual([
      { method: 'settings.setKeyBinding', input: { commandId: 'export', keys: ['Mod+Shift+X'] } },
    ]);
    fireEvent.click(within(rowOf('export')).getByTestId('shortcut-reset'));
    await waitFor(() =>
      expect(within(rowOf('export')).getByTestId('shortcut-keys').textContent).toBe('Ctrl+E'),
    );
  });

  it('refuses a key another command has, naming it, and a bare letter, with the rule, asking main nothing', () => {
    const { bridge } = setUp();
    const change = within(rowOf('export')).getByTestId('shortcut-change');
    fireEvent.click(change);
    fireEvent.keyDown(change, { key: 'g', ctrlKey: true });
    expect(within(rowOf('export')).getByRole('alert').textContent).toBe(
      'Ctrl+G is already "Generate every block without current audio".',
    );
    fireEvent.click(change);
    fireEvent.keyDown(change, { key: 'k' });
    expect(within(rowOf('export')).getByRole('alert').textContent).toMatch(/K types into text boxes/);
    // Escape cancels recording.
    fireEvent.click(change);
    fireEvent.keyDown(change, { key: 'Escape' });
    expect(change.textContent).toBe('Change');
    expect(bridge.calls).toEqual([]);
  });

  it('says a refusal on a line of its own, not in the command’s name, and drops it when Change is pressed again', () => {
    setUp();
    const change = within(rowOf('export')).getByTestId('shortcut-change');
    fireEvent.click(change);
    fireEvent.keyDown(change, { key: 'g', ctrlKey: true });
    const refusal = within(rowOf('export')).getByRole('alert');
    expect(within(rowOf('export')).getByRole('rowheader').textContent).toBe(
      'Export the project (in the editor)',
    );
    expect(refusal.closest('td')?.colSpan).toBe(3);
    expect(change.getAttribute('aria-describedby')).toBe(refusal.id);
    // Change, then Escape: the old refusal is not left behind.
    fireEvent.click(change);
    fireEvent.keyDown(change, { key: 'Escape' });
    expect(within(rowOf('export')).queryByRole('alert')).toBeNull();
    expect(change.hasAttribute('aria-describedby')).toBe(false);
  });

  it('heads each row with its command and names the Change and Reset buttons after it, one state each', () => {
    setUp({ export: ['Mod+Shift+X'] });
    const table = screen.getByRole('table', { name: 'Every command and its keys' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Command', 'Keys', 'Change or reset']);
    const row = rowOf('export');
    expect(within(row).getByRole('rowheader').textContent).toContain('Export the project');
    expect(within(row).getByRole('button', { name: 'Reset the keys of Export the project' })).toBe(
      within(row).getByTestId('shortcut-reset'),
    );
    const change = within(row).getByRole('button', { name: 'Change the keys of Export the project' });
    fireEvent.click(change);
    // Its label says it is listening; it is not also a toggle.
    expect(change.getAttribute('aria-label')).toBe('Press the new keys for Export the project');
    expect(change.hasAttribute('aria-pressed')).toBe(false);
  });

  it('shows Escape as a fixed key, with nothing to change', () => {
    setUp();
    const row = rowOf('escape');
    expect(within(row).getByTestId('shortcut-keys').textContent).toBe('Esc');
    expect(within(row).queryByTestId('shortcut-change')).toBeNull();
    expect(row.textContent).toContain('Fixed key');
  });

  it('shows the keys of the platform the user is on: no Mac-only key on Linux or Windows', () => {
    setUp();
    const keys = within(rowOf('library-delete')).getByTestId('shortcut-keys');
    expect([...keys.querySelectorAll('kbd')].map((kbd) => kbd.textContent)).toEqual(['Delete']);
  });
});
