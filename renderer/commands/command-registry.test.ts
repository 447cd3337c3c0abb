import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandRegistry } from './command-registry.js';

const press = (init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe('the command registry', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    document.body.innerHTML = '';
  });

  it('runs the command a key stands for, through one keydown listener on the window', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const registry = new CommandRegistry(window, false);
    const generate = vi.fn();
    const undo = vi.fn();
    cleanups.push(
      registry.register({ generate: { run: generate } }),
      registry.register({ undo: { run: undo } }),
    );
    expect(added.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(1);
    added.mockRestore();

    const event = press({ key: 'g', ctrlKey: true });
    expect(generate).toHaveBeenCalledWith({ source: 'key', target: document.body, repeat: false });
    expect(event.defaultPrevented).toBe(true);
    press({ key: 'z', ctrlKey: true });
    expect(undo).toHaveBeenCalledTimes(1);
    // A key no shown view offers is left alone.
    expect(press({ key: 'e', ctrlKey: true }).defaultPrevented).toBe(false);
  });

  it('prepares every command before it runs, from a key, the menu or the palette, until the preparation is removed', () => {
    const registry = new CommandRegistry(window, false);
    const order: string[] = [];
    cleanups.push(registry.register({ generate: { run: () => order.push('generate') } }));
    const stopPreparing = registry.beforeEachRun(() => order.push('prepare'));

    press({ key: 'g', ctrlKey: true });
    registry.run('generate', { source: 'menu' });
    registry.run('generate');
    // A key no view takes, and a command no view offers, prepare nothing.
    press({ key: 'q', ctrlKey: true });
    expect(registry.run('undo')).toBe(false);
    expect(order).toEqual(['prepare', 'generate', 'prepare', 'generate', 'prepare', 'generate']);

    stopPreparing();
    press({ key: 'g', ctrlKey: true });
    expect(order.slice(6)).toEqual(['generate']);
  });

  it('lists and answers only the keys of the platform it runs on: Cmd+Backspace trashes a project on a Mac only', () => {
    const trash = { linux: vi.fn(), mac: vi.fn() };
    const linux = new CommandRegistry(window, false);
    cleanups.push(linux.register({ 'library-delete': { run: trash.linux } }));
    expect(linux.entries().find((entry) => entry.spec.id === 'library-delete')?.keys).toEqual(['Delete']);
    press({ key: 'Backspace', metaKey: true });
    expect(trash.linux).not.toHaveBeenCalled();
    cleanups.splice(0).forEach((cleanup) => cleanup());

    const mac = new CommandRegistry(window, true);
    cleanups.push(mac.register({ 'library-delete': { run: trash.mac } }));
    expect(mac.keysOf('library-delete')).toEqual(['Delete', 'Meta+Backspace']);
    press({ key: 'Backspace', metaKey: true });
    expect(trash.mac).toHaveBeenCalledTimes(1);
  });

  it('keeps keys that belong to a text box out of commands that act outside text boxes', () => {
    const registry = new CommandRegistry(window, false);
    const play = vi.fn();
    const zoomIn = vi.fn();
    const undo = vi.fn();
    cleanups.push(
      registry.register({ play: { run: play }, 'zoom-in': { run: zoomIn }, undo: { run: undo } }),
    );
    const box = document.body.appendChild(document.createElement('textarea'));
    press({ key: ' ' }, box);
    press({ key: '+' }, box);
    expect(play).not.toHaveBeenCalled();
    expect(zoomIn).not.toHaveBeenCalled();
    press({ key: 'z', ctrlKey: true }, box);
    expect(undo).toHaveBeenCalledWith(expect.objectContaining({ target: box }));
    press({ key: ' ' });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('answers the user’s keys instead of the defaults once they are changed', () => {
    const registry = new CommandRegistry(window, false);
    const generate = vi.fn();
    cleanups.push(registry.register({ generate: { run: generate } }));
    registry.setKeyBindings({ generate: ['Mod+Shift+G'] });
    press({ key: 'g', ctrlKey: true });
    expect(generate).not.toHaveBeenCalled();
    press({ key: 'G', ctrlKey: true, shiftKey: true });
    expect(generate).toHaveBeenCalledTimes(1);
    expect(registry.entries().find((entry) => entry.spec.id === 'generate')?.keys).toEqual(['Mod+Shift+G']);
  });

  it('runs the newest handler, falls back when it is withdrawn, and says why a command cannot run', () => {
    const registry = new CommandRegistry(window, false);
    const older = vi.fn();
    const newer = vi.fn();
    cleanups.push(registry.register({ 'new-project': { run: older } }));
    const withdraw = registry.register({ 'new-project': { run: newer, unavailable: () => 'Busy.' } });
    expect(registry.run('new-project')).toBe(true);
    expect(newer).toHaveBeenCalledTimes(1);
    const entryOf = (id: string) => registry.entries().find((entry) => entry.spec.id === id);
    expect(entryOf('new-project')?.unavailableReason).toBe('Busy.');
    withdraw();
    registry.run('new-project');
    expect(older).toHaveBeenCalledTimes(1);
    expect(entryOf('new-project')?.unavailableReason).toBeNull();
    expect(entryOf('generate')?.unavailableReason).toBe('Open a project first.');
    expect(registry.run('generate')).toBe(false);
  });

  it('runs a view’s handler before the app’s fallback, whichever was registered last', () => {
    const registry = new CommandRegistry(window, false);
    const library = vi.fn();
    const app = vi.fn();
    cleanups.push(registry.register({ 'new-project': { run: library } }));
    cleanups.push(registry.register({ 'new-project': { run: app } }, { fallback: true }));
    press({ key: 'n', ctrlKey: true });
    expect(library).toHaveBeenCalledTimes(1);
    expect(app).not.toHaveBeenCalled();
  });

  it('lets a handler decline a key (Enter on a button is the button’s) and stops listening with no handlers', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const registry = new CommandRegistry(window, false);
    const open = vi.fn();
    const withdraw = registry.register({
      'library-open': { run: open, acceptsKey: (event) => !(event.target instanceof HTMLButtonElement) },
    });
    const button = document.body.appendChild(document.createElement('button'));
    expect(press({ key: 'Enter' }, button).defaultPrevented).toBe(false);
    press({ key: 'Enter' });
    expect(open).toHaveBeenCalledTimes(1);
    withdraw();
    expect(removed.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(1);
    removed.mockRestore();
    press({ key: 'Enter' });
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('runs no editor command from the menu while a modal dialog is open, but still the app’s', () => {
    const registry = new CommandRegistry(window, false);
    const undo = vi.fn();
    const generate = vi.fn();
    const settings = vi.fn();
    cleanups.push(
      registry.register({
        undo: { run: undo },
        generate: { run: generate },
        'go-settings': { run: settings },
      }),
    );
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    expect(registry.run('undo', { source: 'menu' })).toBe(false);
    expect(registry.run('generate', { source: 'menu' })).toBe(false);
    expect(undo).not.toHaveBeenCalled();
    expect(generate).not.toHaveBeenCalled();
    expect(registry.run('go-settings', { source: 'menu' })).toBe(true);
    expect(settings).toHaveBeenCalledTimes(1);
    dialog.remove();
    expect(registry.run('undo', { source: 'menu' })).toBe(true);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('keeps a text box’s keys out of a menu item whose accelerator is a remapped key (Play on Ctrl+P)', () => {
    const registry = new CommandRegistry(window, false);
    const play = vi.fn();
    cleanups.push(registry.register({ play: { run: play } }));
    registry.setKeyBindings({ play: ['Mod+P'] });
    const box = document.body.appendChild(document.createElement('textarea'));
    // The key is declined in the box without preventDefault, so Electron hands it to the menu item.
    expect(press({ key: 'p', ctrlKey: true }, box).defaultPrevented).toBe(false);
    expect(registry.run('play', { source: 'menu', target: box })).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(registry.run('play', { source: 'menu', target: document.body })).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
  });
});
