import type { MenuItemConstructorOptions } from 'electron';

/** The native menu: the standard roles each OS expects, plus the app's own commands. */
export function buildMenuTemplate(platform: NodeJS.Platform, appName: string): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const macAppMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
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
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: isMac ? [] : [{ role: 'about' }] },
  ];
}
