import type { MenuItemConstructorOptions } from 'electron';
import { commandSpec } from '../../common/commands/command-list.js';
import type { KeyBindings } from '../../common/commands/key-bindings.js';
import { keysOf } from '../../common/commands/key-bindings.js';
import { acceleratorOf, canonicalCombo } from '../../common/commands/key-combo.js';
import type { MenuCommand } from '../../common/ipc/menu-commands.js';

/**
 * The native menu: the standard roles each OS expects, plus the app's own commands from the command registry
 * (common/commands): their labels, and the user's keys as accelerators. A click sends the command's id to the
 * renderer, which runs it through its registry. Undo and redo are the editor's, not the text field's, so they are
 * commands too; the page's zoom moves to Ctrl+Alt so Ctrl+= / Ctrl+- / Ctrl+0 stay the timeline's.
 */
export function buildMenuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  onCommand: (command: MenuCommand) => void = () => undefined,
  keyBindings: KeyBindings = {},
  /** macOS's app menu: the shell's own items after Settings (Install 'timbre' command). */
  appMenuItems: MenuItemConstructorOptions[] = [],
): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const command = (id: MenuCommand, label?: string): MenuItemConstructorOptions => {
    const spec = commandSpec(id);
    // One accelerator per item: the command's menu key while it has it, else the first of its keys a menu may
    // take (never a bare Space or Delete).
    const keys = keysOf(id, keyBindings, isMac);
    const menuKey = spec.menuKey;
    const preferred =
      menuKey !== undefined && keys.some((key) => canonicalCombo(key) === canonicalCombo(menuKey))
        ? [menuKey]
        : [];
    const accelerator = [...preferred, ...keys]
      .map(acceleratorOf)
      .find((candidate) => candidate !== undefined);
    return {
      label: label ?? spec.menuLabel ?? spec.title,
      id,
      ...(accelerator ? { accelerator } : {}),
      click: () => onCommand(id),
    };
  };
  const settings = command('go-settings', isMac ? 'Settings…' : 'Settings');
  const macAppMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            settings,
            ...appMenuItems,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];
  return [
    ...macAppMenu,
    {
      label: 'File',
      submenu: [
        command('new-project'),
        command('import-text'),
        command('reimport'),
        { type: 'separator' },
        command('export'),
        { type: 'separator' },
        command('close-project'),
        ...(isMac ? [] : [{ type: 'separator' } as const, settings, { type: 'separator' } as const]),
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        command('undo'),
        command('redo'),
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'Project',
      submenu: [
        command('generate'),
        command('play'),
        { type: 'separator' },
        command('add-reference-video'),
        command('add-credits'),
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom', accelerator: 'CmdOrCtrl+Alt+0' },
        { role: 'zoomIn', accelerator: 'CmdOrCtrl+Alt+=' },
        { role: 'zoomOut', accelerator: 'CmdOrCtrl+Alt+-' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [command('help'), command('report-problem'), ...(isMac ? [] : [{ role: 'about' } as const])],
    },
  ];
}
