import type { CommandId } from '../commands/command-list.js';

/**
 * The registry's commands the native menu offers (main/electron/menu-template.ts places them); a click sends
 * `menu.command` with the id, and the renderer runs that command through its registry.
 */
export const MENU_COMMANDS = [
  'new-project',
  'import-text',
  'reimport',
  'close-project',
  'undo',
  'redo',
  'generate',
  'play',
  'export',
  'add-reference-video',
  'add-credits',
  'help',
  'report-problem',
  'go-settings',
] as const satisfies readonly CommandId[];
export type MenuCommand = (typeof MENU_COMMANDS)[number];
