import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ShortcutsHelp } from './ShortcutsHelp.js';

describe('ShortcutsHelp', () => {
  afterEach(cleanup);

  it('lists generate, export, play and the page keys beside the editor’s own shortcuts, from the registry', () => {
    renderWithStores(<ShortcutsHelp />, storesFor(new FakeBridge({})));
    const keysOf = (id: string) =>
      [
        ...(screen
          .getByTestId('shortcuts-help')
          .querySelector(`[data-shortcut="${id}"]`)
          ?.querySelectorAll('kbd') ?? []),
      ].map((kbd) => kbd.textContent);
    expect(keysOf('generate')).toEqual(['Ctrl+G']);
    expect(keysOf('export')).toEqual(['Ctrl+E']);
    expect(keysOf('play')).toEqual(['Space']);
    expect(keysOf('play-selection')).toEqual(['Ctrl+Shift+Space']);
    expect(['projects', 'voices', 'tasks', 'exports'].map((page) => keysOf(`go-${page}`))).toEqual([
      ['Ctrl+1'],
      ['Ctrl+2'],
      ['Ctrl+3'],
      ['Ctrl+4'],
    ]);
    expect(keysOf('go-settings')).toEqual(['Ctrl+5', 'Ctrl+,']);
    expect(screen.getByTestId('shortcuts-help').textContent).toContain('Go to Settings');
    expect(keysOf('undo')).toEqual(['Ctrl+Z']);
  });

  it('lists only what acts in the editor, each table named once by its caption', () => {
    renderWithStores(<ShortcutsHelp />, storesFor(new FakeBridge({})));
    const tables = screen.getAllByRole('table');
    expect(tables.map((table) => table.querySelector('caption')?.textContent)).toEqual([
      'In the editor',
      'Everywhere',
    ]);
    expect(tables.every((table) => !table.hasAttribute('aria-label'))).toBe(true);
    expect(screen.getByRole('table', { name: 'Everywhere' })).toBe(tables[1]);
    const help = screen.getByTestId('shortcuts-help');
    expect(help.querySelector('[data-shortcut="library-rename"]')).toBeNull();
    expect(help.querySelector('[data-shortcut="undo"]')).not.toBeNull();
  });
});
