/** Commands of the native menu; the renderer runs them exactly as their keyboard shortcuts. */
export const MENU_COMMANDS = [
  'new-project',
  'import-text',
  'close-project',
  'undo',
  'redo',
  'generate',
  'play',
  'export',
  'shortcuts',
  'settings',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];
