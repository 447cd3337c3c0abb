/*
 * Key combinations as the command registry writes them: "Mod+Shift+Z", modifiers first, the key last as
 * KeyboardEvent.key names it (" " is Space). "Mod" is Cmd on macOS and Ctrl elsewhere. Parsing, matching a key
 * press, labels for each platform and Electron accelerators all live here, so the renderer and main agree.
 */

interface ParsedCombo {
  mod: boolean;
  /** The Meta key itself (Cmd on macOS, the Windows/Super key elsewhere), for the few Mac-only habits. */
  meta: boolean;
  alt: boolean;
  shift: boolean;
  key: string;
}

// Every keydown is matched against every combo: parsed once each, not on every keystroke. Combos also come from
// IPC input and settings.json, so the cache is bounded: past the limit it starts over (the app's own combos number
// well under a hundred, so in use it never fills).
const PARSED_COMBO_LIMIT = 512;
const parsedCombos = new Map<string, ParsedCombo>();

function parseCombo(combo: string): ParsedCombo {
  let parsed = parsedCombos.get(combo);
  if (parsed === undefined) {
    parsed = parseComboText(combo);
    if (parsedCombos.size >= PARSED_COMBO_LIMIT) parsedCombos.clear();
    parsedCombos.set(combo, parsed);
  }
  return parsed;
}

/** How many parsed combos are cached (for the test that the cache stays bounded). */
export function parsedComboCacheSize(): number {
  return parsedCombos.size;
}

/** The modifier words before the key, and the key ("+" and "Mod++" end in the "+" key itself). */
function splitCombo(combo: string): { modifiers: string[]; key: string } {
  if (combo.endsWith('+')) {
    const modifiers = combo.slice(0, -1).replace(/\+$/u, '');
    return { modifiers: modifiers === '' ? [] : modifiers.split('+'), key: '+' };
  }
  const parts = combo.split('+');
  const key = parts.pop() ?? '';
  return { modifiers: parts, key };
}

function parseComboText(combo: string): ParsedCombo {
  const { modifiers, key } = splitCombo(combo);
  return {
    mod: modifiers.includes('Mod'),
    meta: modifiers.includes('Meta'),
    alt: modifiers.includes('Alt'),
    shift: modifiers.includes('Shift'),
    key,
  };
}

const MODIFIER_WORDS: readonly string[] = ['Mod', 'Meta', 'Alt', 'Shift'];

// KeyboardEvent.key names of the keys that type no character, and that an Electron accelerator also knows.
const NAMED_KEYS = new Set([
  'Enter',
  'Escape',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  ...Array.from({ length: 24 }, (_, index) => `F${index + 1}`),
]);

/** One printable character (" " is Space), or a key named above. */
function isKnownKey(key: string): boolean {
  if (NAMED_KEYS.has(key) || key === ' ') return true;
  return [...key].length === 1 && !/[\p{Cc}\p{Cf}\p{Z}]/u.test(key);
}

/**
 * Why a combo is not one the app can match and put on a menu item, in words for the user, or null when it is:
 * modifiers from Mod (Ctrl, or Cmd on macOS), Meta, Alt and Shift, each once, then one key: a character or a named
 * key (Enter, Escape, Tab, Backspace, Delete, Insert, Home, End, PageUp, PageDown, the arrows, F1–F24).
 */
export function comboProblem(combo: string): string | null {
  if (combo.length > 1 && combo.endsWith('+') && !combo.endsWith('++')) {
    return `"${combo}" has no key after its last "+".`;
  }
  const { modifiers, key } = splitCombo(combo);
  const seen = new Set<string>();
  for (const modifier of modifiers) {
    if (!MODIFIER_WORDS.includes(modifier)) {
      const shown = modifier === '' ? 'an empty part' : `"${modifier}"`;
      return `"${combo}" has ${shown} where a modifier goes: the modifiers are Mod (Ctrl, or Cmd on macOS), Meta, Alt and Shift.`;
    }
    if (seen.has(modifier)) return `"${combo}" names ${modifier} twice.`;
    seen.add(modifier);
  }
  if (seen.has('Mod') && seen.has('Meta')) {
    return `"${combo}" names both Mod and Meta: Mod is already Cmd on macOS, so use one of them.`;
  }
  if (!isKnownKey(key)) {
    const shown = key === '' ? 'no key' : `"${key}", which is not a key`;
    return `"${combo}" ends in ${shown}: a shortcut ends in one character or a named key (Enter, Escape, Tab, Backspace, Delete, Insert, Home, End, PageUp, PageDown, ArrowUp, ArrowDown, ArrowLeft, ArrowRight, F1–F24).`;
  }
  return null;
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
  if (parsed.meta) {
    if (!event.metaKey || event.ctrlKey) return false;
  } else if (parsed.mod ? !modPressed : !noMod) return false;
  if (parsed.alt !== event.altKey) return false;
  if (!isSymbolKey(parsed.key) && parsed.shift !== event.shiftKey) return false;
  return event.key.length === 1 && parsed.key.length === 1
    ? event.key.toLowerCase() === parsed.key.toLowerCase()
    : event.key === parsed.key;
}

/**
 * One spelling per combination, to compare two combos: "Mod+d" and "Mod+D" are one, and so are "Shift+?" and "?"
 * (Shift is part of typing a symbol).
 */
export function canonicalCombo(combo: string): string {
  const parsed = parseCombo(combo);
  const key = parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key;
  const shift = parsed.shift && !isSymbolKey(parsed.key);
  return [
    parsed.mod ? 'Mod' : '',
    parsed.meta ? 'Meta' : '',
    parsed.alt ? 'Alt' : '',
    shift ? 'Shift' : '',
    key,
  ]
    .filter(Boolean)
    .join('+');
}

const modifierKeys = new Set(['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'CapsLock', 'OS']);

/** The combo a key press stands for ("Mod+Shift+K"), or undefined while only modifiers are held. */
export function comboOfKey(event: KeyLike, mac: boolean): string | undefined {
  if (modifierKeys.has(event.key) || event.key === '' || event.key === 'Unidentified') return undefined;
  const mod = mac ? event.metaKey : event.ctrlKey;
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  return [mod ? 'Mod' : '', event.altKey ? 'Alt' : '', event.shiftKey ? 'Shift' : '', key]
    .filter(Boolean)
    .join('+');
}

/** Whether a combo is Ctrl/Cmd or Alt with a key, which a text box never types. */
export function hasCommandModifier(combo: string): boolean {
  const parsed = parseCombo(combo);
  return parsed.mod || parsed.meta || parsed.alt;
}

/** F1 to F24: keys that type nothing. */
export function isFunctionKey(combo: string): boolean {
  return /^F([1-9]|1\d|2[0-4])$/u.test(parseCombo(combo).key);
}

/** The key without its modifiers ("Mod+Shift+Z" → "Z"). */
export function keyOfCombo(combo: string): string {
  return parseCombo(combo).key;
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
  if (mac) {
    return `${parsed.mod || parsed.meta ? '⌘' : ''}${parsed.alt ? '⌥' : ''}${parsed.shift ? '⇧' : ''}${key}`;
  }
  return [
    parsed.mod ? 'Ctrl' : '',
    parsed.meta ? 'Meta' : '',
    parsed.alt ? 'Alt' : '',
    parsed.shift ? 'Shift' : '',
    key,
  ]
    .filter(Boolean)
    .join('+');
}

const acceleratorKeys: Record<string, string> = {
  ' ': 'Space',
  '+': 'Plus',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Escape: 'Esc',
  Enter: 'Return',
};

/**
 * The combo as an Electron accelerator ("CmdOrCtrl+Shift+Z"), or undefined for a key without Ctrl/Cmd or Alt
 * (Space, Delete, arrows): a native menu takes its accelerator before the page sees it, so a bare key there would
 * stop typing it in text boxes. Function keys type nothing and may stand alone.
 */
export function acceleratorOf(combo: string): string | undefined {
  if (!hasCommandModifier(combo) && !isFunctionKey(combo)) return undefined;
  const parsed = parseCombo(combo);
  const key =
    acceleratorKeys[parsed.key] ?? (parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key);
  return [
    parsed.mod ? 'CmdOrCtrl' : '',
    parsed.meta ? 'Super' : '',
    parsed.alt ? 'Alt' : '',
    parsed.shift ? 'Shift' : '',
    key,
  ]
    .filter(Boolean)
    .join('+');
}
