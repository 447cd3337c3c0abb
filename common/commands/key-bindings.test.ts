import { describe, expect, it } from 'vitest';
import type { KeyBindings } from './key-bindings.js';
import {
  commandWithKey,
  keyBindingChangeProblem,
  keyBindingChangeSchema,
  keyBindingsSchema,
  keysOf,
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
    expect(keyBindingChangeProblem({ commandId: 'export', keys: ['Mod+G'] }, {}, false)).toBe(
      'Ctrl+G is already "Generate every block without current audio".',
    );
    // Also a key the user gave another command.
    const bindings: KeyBindings = { generate: ['Mod+Shift+G'] };
    expect(keyBindingChangeProblem({ commandId: 'export', keys: ['Mod+Shift+G'] }, bindings, false)).toMatch(
      /Ctrl\+Shift\+G is already "Generate/,
    );
    // The key Generate gave up is free again.
    expect(keyBindingChangeProblem({ commandId: 'export', keys: ['Mod+G'] }, bindings, false)).toBeNull();
  });

  it('lets commands that never act at once share a key, but not with an app-wide command', () => {
    expect(commandWithKey('library-rename', 'Mod+D', {}, false)).toBeUndefined();
    expect(commandWithKey('library-rename', 'Mod+1', {}, false)?.id).toBe('go-projects');
    expect(commandWithKey('go-tasks', 'Mod+D', {}, false)?.id).toBe('duplicate');
  });

  it('refuses keys the text boxes need, saying the rule', () => {
    const problem = (keys: string[]) => keyBindingChangeProblem({ commandId: 'export', keys }, {}, false);
    expect(problem(['K'])).toMatch(/types into text boxes: a shortcut needs Ctrl or Alt/);
    expect(problem(['Mod+C'])).toMatch(/kept for editing text/);
    expect(problem(['Tab'])).toMatch(/moving between controls/);
    expect(problem(['Escape'])).toMatch(/closing dialogs/);
    expect(problem(['F6'])).toBeNull();
    expect(problem(['Alt+K'])).toBeNull();
    // A command may always have its own bare default back.
    expect(keyBindingChangeProblem({ commandId: 'play', keys: [' '] }, {}, false)).toBeNull();
    expect(keyBindingChangeProblem({ commandId: 'copy', keys: ['Mod+K'] }, {}, false)).toMatch(
      /system's keys/,
    );
  });

  it('refuses a reset whose default key another command took meanwhile', () => {
    const bindings: KeyBindings = { generate: ['Mod+Shift+G'], export: ['Mod+G'] };
    expect(keyBindingChangeProblem({ commandId: 'generate', keys: null }, bindings, false)).toBe(
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
});
