import { describe, expect, it } from 'vitest';
import type { KeyBindings } from './key-bindings.js';
import {
  commandWithKey,
  keyBindingChangeProblem,
  keyBindingChangeSchema,
  keyBindingsSchema,
  keysOf,
  readKeyBindings,
  withKeyBinding,
} from './key-bindings.js';

describe('key bindings', () => {
  it('gives a command its defaults until the user changes them, and the defaults back on reset', () => {
    expect(keysOf('generate', {}, false)).toEqual(['Mod+G']);
    const changed = withKeyBinding({}, { commandId: 'generate', keys: ['Mod+Shift+G'] });
    expect(keysOf('generate', changed, false)).toEqual(['Mod+Shift+G']);
    expect(keysOf('generate', withKeyBinding(changed, { commandId: 'generate', keys: null }), false)).toEqual(
      ['Mod+G'],
    );
  });

  it('uses the Mac defaults on a Mac', () => {
    expect(keysOf('go-settings', {}, false)[0]).toBe('Mod+5');
    expect(keysOf('go-settings', {}, true)[0]).toBe('Mod+,');
  });

  it('refuses a key another command has, naming that command', () => {
    expect(keyBindingChangeProblem({ commandId: 'export', keys: ['Mod+G'] }, {}, false)).toEqual({
      code: 'CONFLICT',
      message: 'Ctrl+G is already "Generate every block without current audio".',
    });
    // Also a key the user gave another command.
    const bindings: KeyBindings = { generate: ['Mod+Shift+G'] };
    expect(
      keyBindingChangeProblem({ commandId: 'export', keys: ['Mod+Shift+G'] }, bindings, false)?.message,
    ).toMatch(/Ctrl\+Shift\+G is already "Generate/);
    // The key Generate gave up is free again.
    expect(keyBindingChangeProblem({ commandId: 'export', keys: ['Mod+G'] }, bindings, false)).toBeNull();
  });

  it('lets commands that never act at once share a key, but not with an app-wide command', () => {
    expect(commandWithKey('library-rename', 'Mod+D', {}, false)).toBeUndefined();
    expect(commandWithKey('library-rename', 'Mod+1', {}, false)?.id).toBe('go-projects');
    expect(commandWithKey('go-tasks', 'Mod+D', {}, false)?.id).toBe('duplicate');
  });

  it('refuses keys the text boxes need, saying the rule', () => {
    const problem = (keys: string[]) =>
      keyBindingChangeProblem({ commandId: 'export', keys }, {}, false)?.message ?? null;
    expect(problem(['K'])).toMatch(/types into text boxes: a shortcut needs Ctrl or Alt/);
    expect(problem(['Mod+C'])).toMatch(/kept for editing text/);
    expect(problem(['Tab'])).toMatch(/moving between controls/);
    expect(problem(['Escape'])).toMatch(/closing dialogs/);
    expect(problem(['F6'])).toBeNull();
    expect(problem(['Alt+K'])).toBeNull();
    // A command may always have its own bare default back.
    expect(keyBindingChangeProblem({ commandId: 'play', keys: [' '] }, {}, false)).toBeNull();
    expect(keyBindingChangeProblem({ commandId: 'copy', keys: ['Mod+K'] }, {}, false)?.message).toMatch(
      /system's keys/,
    );
  });

  it('refuses a reset whose default key another command took meanwhile', () => {
    const bindings: KeyBindings = { generate: ['Mod+Shift+G'], export: ['Mod+G'] };
    expect(keyBindingChangeProblem({ commandId: 'generate', keys: null }, bindings, false)?.message).toBe(
      'Ctrl+G is already "Export the project".',
    );
  });

  it('validates a change and loads stored bindings leniently', () => {
    expect(keyBindingChangeSchema.safeParse({ commandId: 'no-such', keys: ['Mod+K'] }).success).toBe(false);
    expect(keyBindingChangeSchema.safeParse({ commandId: 'export', keys: [] }).success).toBe(false);
    expect(keyBindingChangeSchema.safeParse({ commandId: 'export', keys: null }).success).toBe(true);
    // An id a later version wrote is kept, not a reason to drop the settings.
    expect(keyBindingsSchema.safeParse({ 'future-command': ['Mod+K'] }).success).toBe(true);
  });

  it('drops only the malformed stored entries, saying which, and keeps the rest', () => {
    const stored = {
      generate: ['Mod+Shift+G'],
      export: ['Mod+1', 'Mod+2', 'Mod+3', 'Mod+4', 'Mod+5'],
      play: ['Mod+' + 'X'.repeat(40)],
      undo: 'Mod+Z',
      redo: ['Mod+NotAKey'],
      'future-command': ['Alt+K'],
    };
    const read = readKeyBindings(stored);
    expect(read.bindings).toEqual({ generate: ['Mod+Shift+G'], 'future-command': ['Alt+K'] });
    expect(read.dropped).toHaveLength(4);
    expect(read.dropped[0]).toMatch(/keys saved for "export" are not a list of at most 4 key combinations/);
    expect(keyBindingsSchema.parse(stored)).toEqual(read.bindings);
    expect(keyBindingsSchema.parse('Mod+K')).toEqual({});
    expect(readKeyBindings(['Mod+K']).dropped[0]).toMatch(/not a map of command ids to keys/);
    expect(readKeyBindings(undefined)).toEqual({ bindings: {}, dropped: [] });
  });

  it('refuses a malformed key as invalid input, and only a taken key as a conflict', () => {
    const problem = (keys: string[]) => keyBindingChangeProblem({ commandId: 'export', keys }, {}, false);
    expect(problem(['Mod+NotAKey'])).toEqual({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^"Mod\+NotAKey" ends in "NotAKey", which is not a key/) as string,
    });
    expect(problem(['Mod+Foo+Bar'])?.message).toMatch(/"Foo" where a modifier goes: the modifiers are Mod/);
    expect(problem(['Tab'])?.code).toBe('INVALID_INPUT');
    expect(problem(['K'])?.code).toBe('INVALID_INPUT');
    expect(problem(['Mod+K', 'Mod+k'])).toEqual({
      code: 'INVALID_INPUT',
      message: 'Ctrl+K is listed twice.',
    });
    expect(problem(['Mod+G'])?.code).toBe('CONFLICT');
  });

  it('refuses keys the system or the menu’s standard items take, saying what they do there', () => {
    const problem = (keys: string[], mac = false) =>
      keyBindingChangeProblem({ commandId: 'export', keys }, {}, mac);
    expect(problem(['Mod+Alt+0'])).toEqual({
      code: 'INVALID_INPUT',
      message: 'Ctrl+Alt+0 resets the window’s zoom (View menu), so it cannot be a command’s key.',
    });
    expect(problem(['Mod+Alt+='])?.message).toMatch(/zooms the window in/);
    expect(problem(['Mod+Alt+-'])?.message).toMatch(/zooms the window out/);
    expect(problem(['Mod+Q'], true)?.message).toBe('⌘Q quits the app, so it cannot be a command’s key.');
    expect(problem(['Mod+W'], true)?.message).toMatch(/closes the window/);
    expect(problem(['Mod+H'], true)?.message).toMatch(/hides the app/);
    expect(problem(['Mod+M'], true)?.message).toMatch(/minimizes the window/);
    expect(problem(['Alt+F4'])?.message).toMatch(/^Alt\+F4 closes the window/);
    expect(problem(['F11'])?.message).toMatch(/switches full screen/);
    expect(problem(['F12'])?.message).toMatch(/kept by Windows for debuggers/);
    // Only where the system takes them: Ctrl+H is free off a Mac, Alt+F4 on one.
    expect(problem(['Mod+H'])).toBeNull();
    expect(problem(['Alt+F4'], true)).toBeNull();
  });

  it('keeps Escape for leaving text boxes and closing dialogs, ignoring keys stored for it', () => {
    expect(keyBindingChangeProblem({ commandId: 'escape', keys: ['Mod+K'] }, {}, false)).toEqual({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/keeps Esc, which every text box and dialog relies on/) as string,
    });
    expect(keyBindingChangeProblem({ commandId: 'escape', keys: null }, {}, false)).toBeNull();
    expect(keysOf('escape', { escape: ['Mod+K'] }, false)).toEqual(['Escape']);
  });
});
