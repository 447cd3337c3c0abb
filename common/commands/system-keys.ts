import { canonicalCombo } from './key-combo.js';

/*
 * Keys the operating system, or the native menu's standard items (main/electron/menu-template.ts), take before
 * the page sees them: a command given one would never run, or the window would close or zoom instead.
 */

interface SystemKey {
  combo: string;
  /** What the key does, finishing "<key> …". */
  does: string;
  on: 'every platform' | 'macOS' | 'Windows and Linux';
}

const SYSTEM_KEYS: readonly SystemKey[] = [
  // The View menu's zoom moved to Ctrl/Cmd+Alt, so Ctrl+= / - / 0 stay the timeline's.
  { combo: 'Mod+Alt+0', does: 'resets the window’s zoom (View menu)', on: 'every platform' },
  { combo: 'Mod+Alt+=', does: 'zooms the window in (View menu)', on: 'every platform' },
  { combo: 'Mod+Alt+-', does: 'zooms the window out (View menu)', on: 'every platform' },
  { combo: 'Mod+Q', does: 'quits the app', on: 'every platform' },
  { combo: 'Mod+W', does: 'closes the window', on: 'every platform' },
  { combo: 'Mod+M', does: 'minimizes the window', on: 'every platform' },
  { combo: 'Mod+H', does: 'hides the app', on: 'macOS' },
  { combo: 'Mod+Alt+H', does: 'hides the other apps', on: 'macOS' },
  { combo: 'F11', does: 'shows the desktop', on: 'macOS' },
  { combo: 'Alt+F4', does: 'closes the window', on: 'Windows and Linux' },
  { combo: 'F11', does: 'switches full screen', on: 'Windows and Linux' },
  { combo: 'F12', does: 'is kept by Windows for debuggers', on: 'Windows and Linux' },
];

/** What the system or the menu does with this key on this platform ("closes the window"), or null. */
export function systemUseOfKey(combo: string, mac: boolean): string | null {
  const canonical = canonicalCombo(combo);
  const platform = mac ? 'macOS' : 'Windows and Linux';
  const found = SYSTEM_KEYS.find(
    (key) => (key.on === 'every platform' || key.on === platform) && canonicalCombo(key.combo) === canonical,
  );
  return found?.does ?? null;
}
