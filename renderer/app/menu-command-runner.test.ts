import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_COMMANDS } from '../../common/ipc/menu-commands.js';
import { CommandRegistry } from '../commands/command-registry.js';
import { runMenuCommand } from './menu-command-runner.js';

describe('running a native menu command', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    vi.restoreAllMocks();
  });

  it('runs every menu command through the registry by id, without dispatching a key or clicking', () => {
    const registry = new CommandRegistry(window, false);
    const ran: string[] = [];
    cleanups.push(
      registry.register(
        Object.fromEntries(
          MENU_COMMANDS.map((id) => [
            id,
            {
              run: ({ source }: { source: string }) => {
                ran.push(`${id} from ${source}`);
              },
            },
          ]),
        ),
      ),
    );
    const dispatched = vi.spyOn(EventTarget.prototype, 'dispatchEvent');
    const clicked = vi.spyOn(HTMLElement.prototype, 'click');
    for (const command of MENU_COMMANDS) runMenuCommand(command, registry);
    expect(ran).toEqual(MENU_COMMANDS.map((id) => `${id} from menu`));
    expect(dispatched).not.toHaveBeenCalled();
    expect(clicked).not.toHaveBeenCalled();
  });

  it('hands the focused element to the command (Split acts at that text box)', () => {
    const registry = new CommandRegistry(window, false);
    const undo = vi.fn();
    cleanups.push(registry.register({ undo: { run: undo } }));
    const box = document.body.appendChild(document.createElement('textarea'));
    box.focus();
    runMenuCommand('undo', registry);
    expect(undo).toHaveBeenCalledWith({ source: 'menu', target: box, repeat: false });
    box.remove();
  });
});
