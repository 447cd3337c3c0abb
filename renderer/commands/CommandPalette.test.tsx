import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandPalette } from './CommandPalette.js';
import { CommandRegistry } from './command-registry.js';
import { CommandsProvider } from './use-commands.js';

function Harness({ registry }: { registry: CommandRegistry }) {
  const [open, setOpen] = useState(false);
  return (
    <CommandsProvider value={registry}>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? <CommandPalette onClose={() => setOpen(false)} /> : null}
    </CommandsProvider>
  );
}

function openPalette(registry: CommandRegistry): HTMLElement {
  render(<Harness registry={registry} />);
  const opener = screen.getByTestId('opener');
  opener.focus();
  fireEvent.click(opener);
  return screen.getByTestId('command-palette-search');
}

const items = () => screen.queryAllByTestId('command-palette-item');

describe('CommandPalette', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const undo of cleanups.splice(0)) undo();
    cleanup();
  });

  it('is a labelled dialog listing commands with their keys, searchable by title or key', () => {
    const registry = new CommandRegistry(window, false);
    registry.setKeyBindings({ export: ['Mod+Shift+X'] });
    const search = openPalette(registry);
    const dialog = screen.getByRole('dialog', { name: 'Commands' });
    expect(dialog).toBeTruthy();
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'export' } });
    const exportItem = items().find((item) => item.dataset.command === 'export');
    expect(exportItem?.querySelector('kbd')?.textContent).toBe('Ctrl+Shift+X');
    fireEvent.change(search, { target: { value: 'ctrl+g' } });
    expect(items().map((item) => item.dataset.command)).toEqual(['generate']);
    fireEvent.change(search, { target: { value: 'no such command' } });
    expect(items()).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('No command matches');
  });

  it('runs the chosen command with ↓ and Enter after closing, focus back where it was', () => {
    const registry = new CommandRegistry(window, false);
    const seen: (Element | null)[] = [];
    const goTasks = vi.fn(() => seen.push(document.activeElement));
    cleanups.push(registry.register({ 'go-voices': { run: vi.fn() }, 'go-tasks': { run: goTasks } }));
    const search = openPalette(registry);
    fireEvent.change(search, { target: { value: 'go to' } });
    expect(items()[0]?.dataset.command).toBe('go-voices');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(items()[1]?.getAttribute('aria-selected')).toBe('true');
    expect(search.getAttribute('aria-activedescendant')).toBe(items()[1]?.id);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(goTasks).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('command-palette')).toBeNull();
    expect(seen).toEqual([screen.getByTestId('opener')]);
  });

  it('puts the command whose title starts with the search above going to a page, so "export" + Enter exports', () => {
    const registry = new CommandRegistry(window, false);
    const run = { export: vi.fn(), goExports: vi.fn(), addText: vi.fn() };
    cleanups.push(
      registry.register(
        {
          'go-exports': { run: run.goExports },
          'new-project': { run: vi.fn() },
          'go-projects': { run: vi.fn() },
        },
        { fallback: true },
      ),
      registry.register({ export: { run: run.export }, 'add-text': { run: run.addText } }),
    );
    const search = openPalette(registry);
    fireEvent.change(search, { target: { value: 'export' } });
    expect(items().map((item) => item.dataset.command)).toEqual(['export', 'go-exports']);
    // Equal matches: the shown view's command (the editor's) before the app's own, going to a page last.
    fireEvent.change(search, { target: { value: 'new' } });
    expect(items()[0]?.dataset.command).toBe('add-text');
    expect(items()[1]?.dataset.command).toBe('new-project');
    fireEvent.change(search, { target: { value: 'proj' } });
    const found = items().map((item) => item.dataset.command);
    expect(found.indexOf('new-project')).toBeLessThan(found.indexOf('go-projects'));
    fireEvent.change(search, { target: { value: 'export' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(run.export).toHaveBeenCalledTimes(1);
    expect(run.goExports).not.toHaveBeenCalled();
  });

  it('lists what can run here first: on another page "export" offers going to Exports first', () => {
    const registry = new CommandRegistry(window, false);
    cleanups.push(registry.register({ 'go-exports': { run: vi.fn() } }, { fallback: true }));
    const search = openPalette(registry);
    fireEvent.change(search, { target: { value: 'export' } });
    expect(items().map((item) => item.dataset.command)).toEqual(['go-exports', 'export']);
    expect(items()[1]?.getAttribute('aria-disabled')).toBe('true');
  });

  it('shows a command that cannot run here as unavailable, with why, and does not run it', () => {
    const registry = new CommandRegistry(window, false);
    const generate = vi.fn();
    cleanups.push(
      registry.register({ generate: { run: generate, unavailable: () => 'Sign in to generate.' } }),
    );
    const search = openPalette(registry);
    fireEvent.change(search, { target: { value: 'generate every' } });
    const item = items()[0]!;
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(within(item).getByText('Sign in to generate.')).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(item);
    expect(generate).not.toHaveBeenCalled();
    // Commands of views not shown say where they act.
    fireEvent.change(search, { target: { value: 'rename the selected project' } });
    expect(items()[0]?.textContent).toContain('Only on the project list.');
  });

  it('closes with Escape, running nothing', () => {
    const registry = new CommandRegistry(window, false);
    const search = openPalette(registry);
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByTestId('command-palette')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('opener'));
  });

  it('keeps the row chosen with the keys in view, and moves a page with PageDown and PageUp', () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    cleanups.push(() => scrolled.mockRestore());
    const registry = new CommandRegistry(window, false);
    const search = openPalette(registry);
    const chosen = () => items().findIndex((item) => item.getAttribute('aria-selected') === 'true');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(chosen()).toBe(1);
    expect(scrolled.mock.contexts.at(-1)).toBe(items()[1]);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
    fireEvent.keyDown(search, { key: 'PageDown' });
    const afterPage = chosen();
    expect(afterPage).toBeGreaterThan(2);
    expect(scrolled.mock.contexts.at(-1)).toBe(items()[afterPage]);
    fireEvent.keyDown(search, { key: 'PageUp' });
    expect(chosen()).toBe(1);
    fireEvent.keyDown(search, { key: 'End', ctrlKey: true });
    fireEvent.keyDown(search, { key: 'PageDown' });
    expect(chosen()).toBe(items().length - 1);
    expect(scrolled.mock.contexts.at(-1)).toBe(items().at(-1));
  });

  it('says how many commands match in a live region that is there from the start', () => {
    const registry = new CommandRegistry(window, false);
    const search = openPalette(registry);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(`${items().length} commands.`);
    fireEvent.change(search, { target: { value: 'ctrl+g' } });
    expect(status.textContent).toBe('1 command.');
    fireEvent.change(search, { target: { value: 'no such command' } });
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('No command matches “no such command”.');
  });
});
