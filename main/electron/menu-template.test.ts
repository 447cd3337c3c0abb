import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../common/ipc/menu-commands.js';
import { MENU_COMMANDS } from '../../common/ipc/menu-commands.js';
import { buildMenuTemplate } from './menu-template.js';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

describe('the native menu', () => {
  for (const platform of ['darwin', 'win32', 'linux'] as const) {
    it(`offers every app command once on ${platform}, each sending its command`, () => {
      const sent: MenuCommand[] = [];
      const items = flatten(buildMenuTemplate(platform, 'Timbre Studio', (command) => sent.push(command)));
      const commands = items.filter(
        (item) => typeof item.id === 'string' && typeof item.click === 'function',
      );
      expect(commands.map((item) => item.id).sort()).toEqual([...MENU_COMMANDS].sort());
      for (const item of commands) (item.click as () => void)();
      expect(sent.sort()).toEqual([...MENU_COMMANDS].sort());
    });

    it(`keeps accelerators unique and leaves Ctrl+=/-/0 to the timeline on ${platform}`, () => {
      const accelerators = flatten(buildMenuTemplate(platform, 'Timbre Studio'))
        .map((item) => item.accelerator)
        .filter((accelerator): accelerator is string => typeof accelerator === 'string');
      expect(new Set(accelerators).size).toBe(accelerators.length);
      for (const taken of ['CmdOrCtrl+=', 'CmdOrCtrl+-', 'CmdOrCtrl+0'])
        expect(accelerators).not.toContain(taken);
    });
  }

  it('takes labels and accelerators from the command registry, and the keys the user changed', () => {
    const byId = (items: MenuItemConstructorOptions[]) =>
      new Map(flatten(items).map((item) => [item.id, item] as const));
    const linux = byId(buildMenuTemplate('linux', 'Timbre Studio'));
    expect(linux.get('generate')).toMatchObject({
      label: 'Generate Missing Audio',
      accelerator: 'CmdOrCtrl+G',
    });
    expect(linux.get('undo')).toMatchObject({ label: 'Undo', accelerator: 'CmdOrCtrl+Z' });
    expect(linux.get('help')).toMatchObject({ label: 'Keyboard Shortcuts', accelerator: 'F1' });
    // No default key: the Project menu offers it without one.
    expect(linux.get('add-reference-video')).toMatchObject({ label: 'Add Reference Video…' });
    expect(linux.get('add-reference-video')?.accelerator).toBeUndefined();
    expect(linux.get('add-credits')).toMatchObject({ label: 'Add opening and closing credits…' });
    // Space would stop typing in text boxes: Play has no accelerator.
    expect(linux.get('play')?.accelerator).toBeUndefined();
    expect(byId(buildMenuTemplate('darwin', 'Timbre Studio')).get('go-settings')?.accelerator).toBe(
      'CmdOrCtrl+,',
    );

    const remapped = byId(
      buildMenuTemplate('linux', 'Timbre Studio', undefined, { generate: ['Mod+Shift+G'], play: ['Alt+P'] }),
    );
    expect(remapped.get('generate')?.accelerator).toBe('CmdOrCtrl+Shift+G');
    expect(remapped.get('play')?.accelerator).toBe('Alt+P');
  });

  it('shows Settings on Ctrl/Cmd+, on every platform while it has that key, else its first key', () => {
    const settingsKey = (platform: NodeJS.Platform, keys?: string[]) =>
      flatten(
        buildMenuTemplate(platform, 'Timbre Studio', undefined, keys ? { 'go-settings': keys } : {}),
      ).find((item) => item.id === 'go-settings')?.accelerator;
    for (const platform of ['darwin', 'win32', 'linux'] as const)
      expect(settingsKey(platform)).toBe('CmdOrCtrl+,');
    expect(settingsKey('win32', ['Mod+K', 'Mod+,'])).toBe('CmdOrCtrl+,');
    expect(settingsKey('win32', ['Mod+K'])).toBe('CmdOrCtrl+K');
  });

  it('puts About, Settings and Quit in the app menu on macOS and in File/Help elsewhere', () => {
    const mac = buildMenuTemplate('darwin', 'Timbre Studio');
    expect(mac[0]?.label).toBe('Timbre Studio');
    const linux = flatten(buildMenuTemplate('linux', 'Timbre Studio'));
    expect(linux.some((item) => item.role === 'quit')).toBe(true);
    expect(linux.some((item) => item.role === 'about')).toBe(true);
  });
});
