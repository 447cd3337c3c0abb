import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../common/ipc/menu-commands.js';

/**
 * The native menu: the standard roles each OS expects, plus the app's own commands (sent to the renderer, which
 * runs them as its keyboard shortcuts). Undo and redo are the editor's, not the text field's, so they are commands
 * too; the page's zoom moves to Ctrl+Alt so Ctrl+= / Ctrl+- / Ctrl+0 stay the timeline's.
 */
export function buildMenuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  onCommand: (command: MenuCommand) => void = () => undefined,
): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const command = (label: string, id: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    id,
    ...(accelerator ? { accelerator } : {}),
    click: () => onCommand(id),
  });
  const settings = command(isMac ? 'Settings…' : 'Settings', 'settings', 'CmdOrCtrl+,');
  const macAppMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            settings,
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
        command('New Project…', 'new-project', 'CmdOrCtrl+N'),
        command('Import Text…', 'import-text', 'CmdOrCtrl+Shift+O'),
        { type: 'separator' },
        command('Export…', 'export', 'CmdOrCtrl+E'),
        { type: 'separator' },
        command('Close Project', 'close-project', 'CmdOrCtrl+Shift+W'),
        ...(isMac ? [] : [{ type: 'separator' } as const, settings, { type: 'separator' } as const]),
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        command('Undo', 'undo', 'CmdOrCtrl+Z'),
        command('Redo', 'redo', isMac ? 'Cmd+Shift+Z' : 'Ctrl+Y'),
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'Project',
      submenu: [command('Generate Missing Audio', 'generate', 'CmdOrCtrl+G'), command('Play / Stop', 'play')],
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
      submenu: [
        command('Keyboard Shortcuts', 'shortcuts', 'F1'),
        ...(isMac ? [] : [{ role: 'about' } as const]),
      ],
    },
  ];
}
