import { describe, expect, it } from 'vitest';
import { COMMANDS, defaultKeysOf } from './command-list.js';
import type { KeyLike } from './key-combo.js';
import {
  acceleratorOf,
  canonicalCombo,
  comboLabel,
  comboOfKey,
  comboProblem,
  matchesCombo,
  parsedComboCacheSize,
} from './key-combo.js';

const key = (init: Partial<KeyLike> & { key: string }): KeyLike => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...init,
});

/** The first command of a scope whose default keys a press matches, as the dispatcher finds it. */
function commandOf(event: KeyLike, mac: boolean, scopes: readonly string[] = ['app', 'editor']) {
  return COMMANDS.find(
    (command) =>
      scopes.includes(command.scope) &&
      defaultKeysOf(command, mac).some((combo) => matchesCombo(event, combo, mac)),
  )?.id;
}

describe('key combinations', () => {
  it('uses Ctrl on Windows and Linux and Cmd on macOS for "Mod"', () => {
    expect(commandOf(key({ key: 'z', ctrlKey: true }), false)).toBe('undo');
    expect(commandOf(key({ key: 'z', metaKey: true }), false)).toBeUndefined();
    expect(commandOf(key({ key: 'z', metaKey: true }), true)).toBe('undo');
    expect(commandOf(key({ key: 'z', ctrlKey: true }), true)).toBeUndefined();
  });

  it('tells undo from redo by Shift, and accepts Ctrl+Y for redo', () => {
    expect(commandOf(key({ key: 'Z', ctrlKey: true, shiftKey: true }), false)).toBe('redo');
    expect(commandOf(key({ key: 'y', ctrlKey: true }), false)).toBe('redo');
  });

  it('matches symbol keys whatever Shift it takes to type them', () => {
    expect(commandOf(key({ key: '?', shiftKey: true }), false)).toBe('help');
    expect(commandOf(key({ key: '+', shiftKey: true }), false)).toBe('zoom-in');
    expect(commandOf(key({ key: '+', ctrlKey: true, shiftKey: true }), false)).toBe('zoom-in');
    expect(commandOf(key({ key: '-', ctrlKey: true }), false)).toBe('zoom-out');
  });

  it('does not take plain letters', () => {
    expect(commandOf(key({ key: 'd' }), false)).toBeUndefined();
    expect(commandOf(key({ key: 'g' }), false)).toBeUndefined();
  });

  it('finds generate, export, play and the pages, each its own command', () => {
    expect(commandOf(key({ key: 'g', ctrlKey: true }), false)).toBe('generate');
    expect(commandOf(key({ key: 'e', metaKey: true }), true)).toBe('export');
    expect(commandOf(key({ key: ' ' }), false)).toBe('play');
    expect(commandOf(key({ key: ' ', ctrlKey: true, shiftKey: true }), false)).toBe('play-selection');
    expect(commandOf(key({ key: '3', ctrlKey: true }), false)).toBe('go-tasks');
    expect(commandOf(key({ key: 'P', ctrlKey: true, shiftKey: true }), false)).toBe('command-palette');
  });

  it('requires the exact modifiers', () => {
    expect(matchesCombo(key({ key: 'ArrowUp', altKey: true }), 'Alt+ArrowUp', false)).toBe(true);
    expect(matchesCombo(key({ key: 'ArrowUp' }), 'Alt+ArrowUp', false)).toBe(false);
    expect(
      matchesCombo(key({ key: 'ArrowLeft', altKey: true, shiftKey: true }), 'Alt+ArrowLeft', false),
    ).toBe(false);
    expect(commandOf(key({ key: 'ArrowLeft', altKey: true, shiftKey: true }), false)).toBe(
      'nudge-earlier-coarse',
    );
  });

  it('labels keys the way each platform writes them', () => {
    expect(comboLabel('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(comboLabel('Mod+Shift+Z', true)).toBe('⌘⇧Z');
    expect(comboLabel('Mod++', false)).toBe('Ctrl++');
    expect(comboLabel('Alt+ArrowUp', true)).toBe('⌥↑');
  });

  it('records a key press as a combo that matches that press again', () => {
    const press = key({ key: 'k', ctrlKey: true, shiftKey: true });
    const combo = comboOfKey(press, false);
    expect(combo).toBe('Mod+Shift+K');
    expect(matchesCombo(press, combo!, false)).toBe(true);
    expect(comboOfKey(key({ key: 'Control', ctrlKey: true }), false)).toBeUndefined();
    expect(canonicalCombo('Mod+Shift+k')).toBe(canonicalCombo('Mod+Shift+K'));
    expect(canonicalCombo('Shift+?')).toBe(canonicalCombo('?'));
  });

  it('writes Electron accelerators, and none for a bare key a text box types', () => {
    expect(acceleratorOf('Mod+Shift+Z')).toBe('CmdOrCtrl+Shift+Z');
    expect(acceleratorOf('Mod+,')).toBe('CmdOrCtrl+,');
    expect(acceleratorOf('F1')).toBe('F1');
    expect(acceleratorOf(' ')).toBeUndefined();
    expect(acceleratorOf('Delete')).toBeUndefined();
  });

  it('gives every command a unique id and no default key to two commands of one scope', () => {
    const ids = COMMANDS.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const mac of [false, true]) {
      for (const scope of ['editor', 'library']) {
        const combos = COMMANDS.filter((command) => command.scope === scope || command.scope === 'app')
          .flatMap((command) => defaultKeysOf(command, mac))
          .map(canonicalCombo);
        expect(new Set(combos).size).toBe(combos.length);
      }
    }
  });

  it('takes combos of Mod, Meta, Alt and Shift with one character or a named key, and explains any other', () => {
    for (const combo of [
      'Mod+Shift+Z',
      'Alt+ArrowUp',
      'F24',
      ' ',
      'Mod++',
      '+',
      'Meta+Backspace',
      'Mod+é',
      '?',
    ]) {
      expect(comboProblem(combo)).toBeNull();
    }
    expect(comboProblem('Mod+NotAKey')).toMatch(
      /^"Mod\+NotAKey" ends in "NotAKey", which is not a key: a shortcut/,
    );
    expect(comboProblem('Mod+Foo+Bar')).toMatch(/"Foo" where a modifier goes/);
    expect(comboProblem('Meta+Ctrl+X')).toMatch(
      /"Ctrl" where a modifier goes: the modifiers are Mod \(Ctrl, or Cmd/,
    );
    expect(comboProblem('mod+D')).toMatch(/"mod" where a modifier goes/);
    expect(comboProblem('Alt+Alt+K')).toBe('"Alt+Alt+K" names Alt twice.');
    expect(comboProblem('Mod+Meta+K')).toMatch(/both Mod and Meta/);
    expect(comboProblem('Mod+')).toBe('"Mod+" has no key after its last "+".');
    expect(comboProblem('')).toMatch(/ends in no key/);
    expect(comboProblem('Mod+\n')).toMatch(/which is not a key/);
    expect(comboProblem('F25')).toMatch(/"F25", which is not a key/);
    expect(comboProblem('Mod+Dead')).toMatch(/"Dead", which is not a key/);
  });

  it('keeps every default key within the grammar', () => {
    for (const command of COMMANDS) {
      for (const combo of [...defaultKeysOf(command, false), ...defaultKeysOf(command, true)]) {
        expect(comboProblem(combo)).toBeNull();
      }
    }
  });

  it('keeps its cache of parsed combos bounded whatever combos it is given', () => {
    for (let index = 0; index < 5000; index += 1) canonicalCombo(`Mod+Key${index}`);
    expect(parsedComboCacheSize()).toBeLessThanOrEqual(512);
  });
});
