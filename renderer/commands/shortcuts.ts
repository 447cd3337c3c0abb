import { pages } from '../stores/navigation-store.js';

/*
 * The editor's keyboard shortcuts, written once: the key handler matches them and the help panel lists them.
 * "Mod" is Cmd on macOS and Ctrl elsewhere.
 */

export type ShortcutId =
  | 'add-text'
  | 'add-sfx'
  | 'add-music'
  | 'delete'
  | 'duplicate'
  | 'split'
  | 'merge'
  | 'undo'
  | 'redo'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'select-all'
  | 'select-previous'
  | 'select-next'
  | 'move-earlier'
  | 'move-later'
  | 'nudge-earlier'
  | 'nudge-later'
  | 'nudge-earlier-coarse'
  | 'nudge-later-coarse'
  | 'zoom-in'
  | 'zoom-out'
  | 'zoom-reset'
  | 'save'
  | 'escape'
  | 'help';

export interface Shortcut {
  id: ShortcutId;
  /** Key combinations, e.g. "Mod+Shift+Z"; the first is the one shown. */
  combos: readonly string[];
  description: string;
  /**
   * Whether it also acts while typing in a text box. Those that would steal the box's own keys (arrows,
   * Delete, Ctrl+A, Ctrl+C/V) act only outside text boxes.
   */
  inTextFields: boolean;
  /**
   * Acted on through the clipboard events (copy/cut/paste) rather than keydown, so the system clipboard can be
   * written without a permission; listed for the help panel only.
   */
  viaClipboardEvent?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'add-text',
    combos: ['Mod+Enter'],
    description: 'New text block after the selection',
    inTextFields: true,
  },
  {
    id: 'add-sfx',
    combos: ['Mod+Shift+E'],
    description: 'New sound effect at the playhead',
    inTextFields: true,
  },
  { id: 'add-music', combos: ['Mod+Shift+U'], description: 'New music at the playhead', inTextFields: true },
  {
    id: 'delete',
    combos: ['Delete', 'Backspace'],
    description: 'Delete the selected blocks',
    inTextFields: false,
  },
  { id: 'duplicate', combos: ['Mod+D'], description: 'Duplicate the selected blocks', inTextFields: true },
  {
    id: 'split',
    combos: ['Mod+Shift+S'],
    description: 'Split the text block at the text cursor',
    inTextFields: true,
  },
  {
    id: 'merge',
    combos: ['Mod+Shift+M'],
    description: 'Merge the text block with the next one',
    inTextFields: true,
  },
  { id: 'undo', combos: ['Mod+Z'], description: 'Undo', inTextFields: true },
  { id: 'redo', combos: ['Mod+Shift+Z', 'Mod+Y'], description: 'Redo', inTextFields: true },
  {
    id: 'copy',
    combos: ['Mod+C'],
    description: 'Copy the selected blocks (to paste in any project)',
    inTextFields: false,
    viaClipboardEvent: true,
  },
  {
    id: 'cut',
    combos: ['Mod+X'],
    description: 'Cut the selected blocks',
    inTextFields: false,
    viaClipboardEvent: true,
  },
  {
    id: 'paste',
    combos: ['Mod+V'],
    description: 'Paste blocks (or text as new blocks) after the selection',
    inTextFields: false,
    viaClipboardEvent: true,
  },
  { id: 'select-all', combos: ['Mod+A'], description: 'Select all blocks', inTextFields: false },
  {
    id: 'select-previous',
    combos: ['ArrowUp'],
    description: 'Select the previous block',
    inTextFields: false,
  },
  { id: 'select-next', combos: ['ArrowDown'], description: 'Select the next block', inTextFields: false },
  {
    id: 'move-earlier',
    combos: ['Alt+ArrowUp'],
    description: 'Move the selected speech blocks earlier',
    inTextFields: false,
  },
  {
    id: 'move-later',
    combos: ['Alt+ArrowDown'],
    description: 'Move the selected speech blocks later',
    inTextFields: false,
  },
  {
    id: 'nudge-earlier',
    combos: ['Alt+ArrowLeft'],
    description: 'Move the selected effects and music 0.1 s earlier',
    inTextFields: false,
  },
  {
    id: 'nudge-later',
    combos: ['Alt+ArrowRight'],
    description: 'Move the selected effects and music 0.1 s later',
    inTextFields: false,
  },
  {
    id: 'nudge-earlier-coarse',
    combos: ['Alt+Shift+ArrowLeft'],
    description: 'Move the selected effects and music 1 s earlier',
    inTextFields: false,
  },
  {
    id: 'nudge-later-coarse',
    combos: ['Alt+Shift+ArrowRight'],
    description: 'Move the selected effects and music 1 s later',
    inTextFields: false,
  },
  { id: 'zoom-in', combos: ['Mod+=', 'Mod++', '+'], description: 'Zoom the timeline in', inTextFields: true },
  { id: 'zoom-out', combos: ['Mod+-', '-'], description: 'Zoom the timeline out', inTextFields: true },
  { id: 'zoom-reset', combos: ['Mod+0'], description: 'Reset the timeline zoom', inTextFields: true },
  {
    id: 'save',
    combos: ['Mod+S'],
    description: 'Save now (the editor also saves as you go)',
    inTextFields: true,
  },
  {
    id: 'escape',
    combos: ['Escape'],
    description: 'Leave the text box, close this help, or clear the selection',
    inTextFields: true,
  },
  { id: 'help', combos: ['F1', '?'], description: 'Show or hide these shortcuts', inTextFields: true },
];

/** Shortcuts the editor's key handler leaves to others: they are listed in the help panel all the same. */
export type AppShortcutId = 'generate' | 'export' | 'play' | 'play-selection' | 'pages';

export interface AppShortcut extends Omit<Shortcut, 'id' | 'viaClipboardEvent'> {
  id: AppShortcutId;
}

/**
 * Generate, export and play are acted on by the output controls (OutputControls.tsx, which match these combos),
 * and Mod+1… by the app's page switcher (App.tsx), one for each page.
 */
export const APP_SHORTCUTS: readonly AppShortcut[] = [
  {
    id: 'generate',
    combos: ['Mod+G'],
    description: 'Generate every block without current audio',
    inTextFields: true,
  },
  { id: 'export', combos: ['Mod+E'], description: 'Export the project', inTextFields: true },
  {
    id: 'play',
    combos: [' '],
    description: 'Play the preview from the playhead, or stop it',
    inTextFields: false,
  },
  {
    id: 'play-selection',
    combos: ['Mod+Shift+ '],
    description: 'Play only the selected blocks',
    inTextFields: false,
  },
  {
    id: 'pages',
    combos: pages.map((_, index) => `Mod+${index + 1}`),
    description: `Go to ${pages.map((page) => page[0]!.toUpperCase() + page.slice(1)).join(', ')}`,
    inTextFields: true,
  },
];

/** The output controls' shortcut a key press stands for, if any. */
export function findAppShortcut(event: KeyLike, mac: boolean): AppShortcutId | undefined {
  return APP_SHORTCUTS.find((shortcut) => shortcut.combos.some((combo) => matchesCombo(event, combo, mac)))
    ?.id;
}

export function isMacPlatform(): boolean {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad/u.test(platform);
}

interface ParsedCombo {
  mod: boolean;
  alt: boolean;
  shift: boolean;
  key: string;
}

// Every keydown is matched against every combo: parsed once each, not on every keystroke.
const parsedCombos = new Map<string, ParsedCombo>();

function parseCombo(combo: string): ParsedCombo {
  let parsed = parsedCombos.get(combo);
  if (parsed === undefined) {
    parsed = parseComboText(combo);
    parsedCombos.set(combo, parsed);
  }
  return parsed;
}

function parseComboText(combo: string): ParsedCombo {
  // "+" and "Mod++" end in the "+" key itself.
  let parts: string[];
  let key: string;
  if (combo.endsWith('+')) {
    const modifiers = combo.slice(0, -1).replace(/\+$/u, '');
    parts = modifiers === '' ? [] : modifiers.split('+');
    key = '+';
  } else {
    parts = combo.split('+');
    key = parts.pop() ?? '';
  }
  return { mod: parts.includes('Mod'), alt: parts.includes('Alt'), shift: parts.includes('Shift'), key };
}

/** Keys whose character already depends on Shift (so Shift is not compared for them). */
function isSymbolKey(key: string): boolean {
  return key.length === 1 && !/[\p{L}\p{N}]/u.test(key);
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export function matchesCombo(event: KeyLike, combo: string, mac: boolean): boolean {
  const parsed = parseCombo(combo);
  const modPressed = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  const noMod = !event.ctrlKey && !event.metaKey;
  if (parsed.mod ? !modPressed : !noMod) return false;
  if (parsed.alt !== event.altKey) return false;
  if (!isSymbolKey(parsed.key) && parsed.shift !== event.shiftKey) return false;
  return event.key.length === 1 && parsed.key.length === 1
    ? event.key.toLowerCase() === parsed.key.toLowerCase()
    : event.key === parsed.key;
}

export function findShortcut(event: KeyLike, mac: boolean): Shortcut | undefined {
  return SHORTCUTS.find((shortcut) => shortcut.combos.some((combo) => matchesCombo(event, combo, mac)));
}

/** "Mod+Shift+Z" as the platform writes it: ⌘⇧Z on macOS, Ctrl+Shift+Z elsewhere. */
export function comboLabel(combo: string, mac: boolean): string {
  const parsed = parseCombo(combo);
  const keyNames: Record<string, string> = {
    ArrowUp: '↑',
    ArrowDown: '↓',
    ArrowLeft: '←',
    ArrowRight: '→',
    Enter: mac ? '↩' : 'Enter',
    Escape: 'Esc',
    Backspace: mac ? '⌫' : 'Backspace',
    Delete: mac ? '⌦' : 'Delete',
    ' ': 'Space',
  };
  const key = keyNames[parsed.key] ?? (parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key);
  if (mac) return `${parsed.mod ? '⌘' : ''}${parsed.alt ? '⌥' : ''}${parsed.shift ? '⇧' : ''}${key}`;
  return [parsed.mod ? 'Ctrl' : '', parsed.alt ? 'Alt' : '', parsed.shift ? 'Shift' : '', key]
    .filter(Boolean)
    .join('+');
}

/** The first combo of a shortcut, labelled for the platform (for tooltips). */
export function shortcutLabel(id: ShortcutId, mac: boolean): string {
  const combo = SHORTCUTS.find((shortcut) => shortcut.id === id)?.combos[0];
  return combo === undefined ? '' : comboLabel(combo, mac);
}

/**
 * Whether keys typed at this element belong to it (a text box, a list, a slider), so most shortcuts stay out of
 * its way.
 */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file'].includes(target.type);
  }
  return false;
}
