/*
 * Every command of the app, written once: the keyboard, the native menu, the command palette, F1's list and the
 * Settings page's "Keyboard shortcuts" all read this list. What a command does is bound in the renderer
 * (renderer/commands); here is only what main and the renderer share: id, title, default keys and where it acts.
 */

/** Where it acts (two may share a key if never at once): app, editor (a project open), library (the list). */
export type CommandScope = 'app' | 'editor' | 'library';

interface CommandSpecOf<Id extends string> {
  id: Id;
  /** What it does, as the palette, F1 and Settings list it. */
  title: string;
  /** Default key combinations (see key-combo.ts); the first is the one shown in tooltips and the menu. */
  keys: readonly string[];
  /** Other defaults on macOS, where they differ (Cmd+, opens Settings). */
  macKeys?: readonly string[];
  scope: CommandScope;
  /** Whether its keys also act in a text box; not those that would steal its own (arrows, Delete, Ctrl+A/C/V). */
  inTextFields: boolean;
  /**
   * Acted on through the clipboard events (copy/cut/paste) rather than keydown, so the system clipboard can be
   * written without a permission: listed, not dispatched, and its keys are the system's (not remappable).
   */
  viaClipboardEvent?: true;
  /** Its keys cannot be changed (Escape leaves text boxes and closes dialogs everywhere). */
  fixedKeys?: true;
  /** The native menu's label, when it differs from the title. */
  menuLabel?: string;
  /** The key the native menu shows while the command has it, when it is not the command's first key. */
  menuKey?: string;
  /** Shown in F1's list and Settings but not in the palette (it opens the palette, or needs a key press). */
  notInPalette?: true;
  /** It only shows a page (Ctrl+1–5): the palette lists it after commands that act, for an equal match. */
  goesToPage?: true;
}

const pageCommand = <Id extends string>(id: Id, page: string, index: number): CommandSpecOf<Id> => ({
  id,
  title: `Go to ${page}`,
  keys: [`Mod+${index}`],
  scope: 'app',
  inTextFields: true,
  goesToPage: true,
});

export const COMMANDS = [
  {
    id: 'command-palette',
    title: 'Show all commands',
    keys: ['Mod+Shift+P'],
    scope: 'app',
    inTextFields: true,
    notInPalette: true,
  },
  pageCommand('go-projects', 'Projects', 1),
  pageCommand('go-voices', 'Voices', 2),
  pageCommand('go-tasks', 'Tasks', 3),
  pageCommand('go-exports', 'Exports', 4),
  // Cmd+, is where every Mac app keeps its settings; the menu shows Ctrl+, on the others too, as it always did,
  // while the tooltips show Ctrl+5 beside Ctrl+1–4.
  {
    ...pageCommand('go-settings', 'Settings', 5),
    keys: ['Mod+5', 'Mod+,'],
    macKeys: ['Mod+,', 'Mod+5'],
    menuLabel: 'Settings',
    menuKey: 'Mod+,',
  },
  {
    id: 'new-project',
    title: 'New project',
    keys: ['Mod+N'],
    scope: 'app',
    inTextFields: true,
    menuLabel: 'New Project…',
  },
  {
    id: 'import-text',
    title: 'Import text as a new project',
    keys: ['Mod+Shift+O'],
    scope: 'app',
    inTextFields: true,
    menuLabel: 'Import Text…',
  },
  {
    id: 'close-project',
    title: 'Close the project',
    keys: ['Mod+Shift+W'],
    scope: 'app',
    inTextFields: true,
    menuLabel: 'Close Project',
  },
  {
    id: 'generate',
    title: 'Generate every block without current audio',
    keys: ['Mod+G'],
    scope: 'editor',
    inTextFields: true,
    menuLabel: 'Generate Missing Audio',
  },
  {
    id: 'export',
    title: 'Export the project',
    keys: ['Mod+E'],
    scope: 'editor',
    inTextFields: true,
    menuLabel: 'Export…',
  },
  { id: 'fit-check', title: 'Open fit check', keys: ['Mod+Shift+F'], scope: 'editor', inTextFields: true },
  {
    id: 'play',
    title: 'Play the preview from the playhead, or stop it',
    keys: [' '],
    scope: 'editor',
    inTextFields: false,
    menuLabel: 'Play / Stop',
  },
  {
    id: 'play-selection',
    title: 'Play only the selected blocks',
    keys: ['Mod+Shift+ '],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'add-text',
    title: 'New text block after the selection',
    keys: ['Mod+Enter'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'add-sfx',
    title: 'New sound effect at the playhead',
    keys: ['Mod+Shift+E'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'add-music',
    title: 'New music at the playhead',
    keys: ['Mod+Shift+U'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'delete',
    title: 'Delete the selected blocks',
    keys: ['Delete', 'Backspace'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'duplicate',
    title: 'Duplicate the selected blocks',
    keys: ['Mod+D'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'split',
    title: 'Split the text block at the text cursor',
    keys: ['Mod+Shift+S'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'merge',
    title: 'Merge the text block with the next one',
    keys: ['Mod+Shift+M'],
    scope: 'editor',
    inTextFields: true,
  },
  { id: 'undo', title: 'Undo', keys: ['Mod+Z'], scope: 'editor', inTextFields: true },
  { id: 'redo', title: 'Redo', keys: ['Mod+Shift+Z', 'Mod+Y'], scope: 'editor', inTextFields: true },
  {
    id: 'copy',
    title: 'Copy the selected blocks (to paste in any project)',
    keys: ['Mod+C'],
    scope: 'editor',
    inTextFields: false,
    viaClipboardEvent: true,
  },
  {
    id: 'cut',
    title: 'Cut the selected blocks',
    keys: ['Mod+X'],
    scope: 'editor',
    inTextFields: false,
    viaClipboardEvent: true,
  },
  {
    id: 'paste',
    title: 'Paste blocks (or text as new blocks) after the selection',
    keys: ['Mod+V'],
    scope: 'editor',
    inTextFields: false,
    viaClipboardEvent: true,
  },
  { id: 'select-all', title: 'Select all blocks', keys: ['Mod+A'], scope: 'editor', inTextFields: false },
  {
    id: 'select-previous',
    title: 'Select the previous block',
    keys: ['ArrowUp'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'select-next',
    title: 'Select the next block',
    keys: ['ArrowDown'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'move-earlier',
    title: 'Move the selected speech blocks earlier',
    keys: ['Alt+ArrowUp'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'move-later',
    title: 'Move the selected speech blocks later',
    keys: ['Alt+ArrowDown'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'nudge-earlier',
    title: 'Move the selected effects, music and timed lines 0.1 s earlier',
    keys: ['Alt+ArrowLeft'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'nudge-later',
    title: 'Move the selected effects, music and timed lines 0.1 s later',
    keys: ['Alt+ArrowRight'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'nudge-earlier-coarse',
    title: 'Move the selected effects, music and timed lines 1 s earlier',
    keys: ['Alt+Shift+ArrowLeft'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    id: 'nudge-later-coarse',
    title: 'Move the selected effects, music and timed lines 1 s later',
    keys: ['Alt+Shift+ArrowRight'],
    scope: 'editor',
    inTextFields: false,
  },
  {
    // No default key: added once per project; the palette and the toolbar offer it, Settings can give it one.
    id: 'add-reference-video',
    title: 'Add or replace the reference video',
    keys: [],
    scope: 'editor',
    inTextFields: true,
    menuLabel: 'Add Reference Video…',
  },
  { id: 'reimport', title: 'Re-import revised manuscript…', keys: [], scope: 'editor', inTextFields: true },
  {
    id: 'add-credits',
    title: 'Add opening and closing credits…',
    keys: [],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'zoom-in',
    title: 'Zoom the timeline in',
    keys: ['Mod+=', 'Mod++', '+'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'zoom-out',
    title: 'Zoom the timeline out',
    keys: ['Mod+-', '-'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'zoom-reset',
    title: 'Reset the timeline zoom',
    keys: ['Mod+0'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'save',
    title: 'Save now (the editor also saves as you go)',
    keys: ['Mod+S'],
    scope: 'editor',
    inTextFields: true,
  },
  {
    id: 'escape',
    title: 'Leave the text box, close this help, or clear the selection',
    keys: ['Escape'],
    scope: 'editor',
    inTextFields: true,
    notInPalette: true,
    fixedKeys: true,
  },
  {
    id: 'help',
    title: 'Show or hide the keyboard shortcuts',
    keys: ['F1', '?'],
    scope: 'editor',
    inTextFields: true,
    menuLabel: 'Keyboard Shortcuts',
  },
  { id: 'report-problem', title: 'Report a Problem…', keys: [], scope: 'app', inTextFields: true },
  {
    id: 'library-previous',
    title: 'Select the previous project',
    keys: ['ArrowUp'],
    scope: 'library',
    inTextFields: false,
  },
  {
    id: 'library-next',
    title: 'Select the next project',
    keys: ['ArrowDown'],
    scope: 'library',
    inTextFields: false,
  },
  {
    id: 'library-first',
    title: 'Select the first project',
    keys: ['Home'],
    scope: 'library',
    inTextFields: false,
  },
  {
    id: 'library-last',
    title: 'Select the last project',
    keys: ['End'],
    scope: 'library',
    inTextFields: false,
  },
  {
    id: 'library-open',
    title: 'Open the selected project',
    keys: ['Enter'],
    scope: 'library',
    inTextFields: false,
  },
  {
    id: 'library-rename',
    title: 'Rename the selected project',
    keys: ['F2'],
    scope: 'library',
    inTextFields: false,
  },
  {
    id: 'library-delete',
    title: 'Move the selected project to the trash',
    keys: ['Delete'],
    // Cmd+Backspace is how a Mac keyboard (which has no Delete key) moves things to the trash; elsewhere the
    // Meta key is the Windows/Super key, which no one presses for this, so it is not listed there.
    macKeys: ['Delete', 'Meta+Backspace'],
    scope: 'library',
    inTextFields: false,
  },
] as const satisfies readonly CommandSpecOf<string>[];

export type CommandId = (typeof COMMANDS)[number]['id'];
export type CommandSpec = CommandSpecOf<CommandId>;

const byId = new Map<string, CommandSpec>(COMMANDS.map((command) => [command.id, command]));

export function isCommandId(value: string): value is CommandId {
  return byId.has(value);
}

export function commandSpec(id: CommandId): CommandSpec {
  const spec = byId.get(id);
  if (spec === undefined) throw new Error(`Unknown command ${id}`);
  return spec;
}

/** Whether the user may not change the command's keys: the clipboard's are the system's, Escape is everyone's. */
export function hasFixedKeys(spec: CommandSpec): boolean {
  return spec.viaClipboardEvent === true || spec.fixedKeys === true;
}

/** The keys a command has before the user changes them, on this platform. */
export function defaultKeysOf(spec: CommandSpec, mac: boolean): readonly string[] {
  return mac && spec.macKeys !== undefined ? spec.macKeys : spec.keys;
}
