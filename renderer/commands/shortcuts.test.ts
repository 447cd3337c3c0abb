import { describe, expect, it } from 'vitest';
import type { KeyLike } from './shortcuts.js';
import {
  APP_SHORTCUTS,
  SHORTCUTS,
  comboLabel,
  findAppShortcut,
  findShortcut,
  matchesCombo,
} from './shortcuts.js';

const key = (init: Partial<KeyLike> & { key: string }): KeyLike => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...init,
});

describe('editor shortcuts', () => {
  it('uses Ctrl on Windows and Linux and Cmd on macOS for "Mod"', () => {
    expect(findShortcut(key({ key: 'z', ctrlKey: true }), false)?.id).toBe('undo');
    expect(findShortcut(key({ key: 'z', metaKey: true }), false)).toBeUndefined();
    expect(findShortcut(key({ key: 'z', metaKey: true }), true)?.id).toBe('undo');
    expect(findShortcut(key({ key: 'z', ctrlKey: true }), true)).toBeUndefined();
  });

  it('tells undo from redo by Shift, and accepts Ctrl+Y for redo', () => {
    expect(findShortcut(key({ key: 'Z', ctrlKey: true, shiftKey: true }), false)?.id).toBe('redo');
    expect(findShortcut(key({ key: 'y', ctrlKey: true }), false)?.id).toBe('redo');
  });

  it('matches symbol keys whatever Shift it takes to type them', () => {
    expect(findShortcut(key({ key: '?', shiftKey: true }), false)?.id).toBe('help');
    expect(findShortcut(key({ key: '+', shiftKey: true }), false)?.id).toBe('zoom-in');
    expect(findShortcut(key({ key: '+', ctrlKey: true, shiftKey: true }), false)?.id).toBe('zoom-in');
    expect(findShortcut(key({ key: '-', ctrlKey: true }), false)?.id).toBe('zoom-out');
  });

  it('does not take plain letters or page navigation (Ctrl+1..4)', () => {
    expect(findShortcut(key({ key: 'd' }), false)).toBeUndefined();
    expect(findShortcut(key({ key: '1', ctrlKey: true }), false)).toBeUndefined();
  });

  it('requires the exact modifiers', () => {
    expect(matchesCombo(key({ key: 'ArrowUp', altKey: true }), 'Alt+ArrowUp', false)).toBe(true);
    expect(matchesCombo(key({ key: 'ArrowUp' }), 'Alt+ArrowUp', false)).toBe(false);
    expect(
      matchesCombo(key({ key: 'ArrowLeft', altKey: true, shiftKey: true }), 'Alt+ArrowLeft', false),
    ).toBe(false);
    expect(findShortcut(key({ key: 'ArrowLeft', altKey: true, shiftKey: true }), false)?.id).toBe(
      'nudge-earlier-coarse',
    );
  });

  it('labels keys the way each platform writes them', () => {
    expect(comboLabel('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(comboLabel('Mod+Shift+Z', true)).toBe('⌘⇧Z');
    expect(comboLabel('Mod++', false)).toBe('Ctrl++');
    expect(comboLabel('Alt+ArrowUp', true)).toBe('⌥↑');
  });

  it('gives every shortcut a unique id and no combo to two shortcuts', () => {
    const ids = SHORTCUTS.map((shortcut) => shortcut.id);
    expect(new Set(ids).size).toBe(ids.length);
    const combos = SHORTCUTS.flatMap((shortcut) => shortcut.combos);
    expect(new Set(combos).size).toBe(combos.length);
  });

  it('matches the output controls’ keys (listed in the help too), none of them an editor shortcut', () => {
    expect(findAppShortcut(key({ key: 'g', ctrlKey: true }), false)).toBe('generate');
    expect(findAppShortcut(key({ key: 'e', metaKey: true }), true)).toBe('export');
    expect(findAppShortcut(key({ key: ' ' }), false)).toBe('play');
    expect(findAppShortcut(key({ key: ' ', ctrlKey: true, shiftKey: true }), false)).toBe('play-selection');
    expect(findAppShortcut(key({ key: '3', ctrlKey: true }), false)).toBe('pages');
    expect(findAppShortcut(key({ key: 'g' }), false)).toBeUndefined();
    const editorCombos = new Set(SHORTCUTS.flatMap((shortcut) => shortcut.combos));
    expect(
      APP_SHORTCUTS.flatMap((shortcut) => shortcut.combos).filter((combo) => editorCombos.has(combo)),
    ).toEqual([]);
  });
});
