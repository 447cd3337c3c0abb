import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ipcMethods } from '../../../common/ipc/contract.js';
import { MemoryLogger } from '../logging/logger.js';
import { SettingsService } from './settings-service.js';

describe('SettingsService key bindings', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'timbre-keys-'));
    file = path.join(dir, 'settings.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a command’s new key across restarts, and gives the default back on reset', async () => {
    const first = new SettingsService(file, new MemoryLogger());
    await first.load();
    await first.setKeyBinding({ commandId: 'generate', keys: ['Mod+Shift+G'] }, false);
    const second = new SettingsService(file, new MemoryLogger());
    expect((await second.load()).keyBindings).toEqual({ generate: ['Mod+Shift+G'] });
    expect((await second.setKeyBinding({ commandId: 'generate', keys: null }, false)).keyBindings).toEqual(
      {},
    );
  });

  it('refuses a key another command has, naming it, and a key the text boxes need, with the rule', async () => {
    const settings = new SettingsService(file, new MemoryLogger());
    await settings.load();
    await expect(
      settings.setKeyBinding({ commandId: 'export', keys: ['Mod+G'] }, false),
    ).rejects.toMatchObject({
      data: {
        code: 'CONFLICT',
        field: 'keys',
        message: 'Ctrl+G is already "Generate every block without current audio".',
      },
    });
    await expect(settings.setKeyBinding({ commandId: 'export', keys: ['K'] }, false)).rejects.toMatchObject({
      data: {
        code: 'INVALID_INPUT',
        field: 'keys',
        message: expect.stringMatching(/K types into text boxes/),
      },
    });
    await expect(
      settings.setKeyBinding({ commandId: 'export', keys: ['Mod+NotAKey'] }, false),
    ).rejects.toMatchObject({
      data: {
        code: 'INVALID_INPUT',
        field: 'keys',
        message: expect.stringMatching(/"NotAKey", which is not a key/),
      },
    });
    expect(settings.current().keyBindings).toEqual({});
  });

  it('validates the change at the contract and migrates settings written before key bindings', async () => {
    const input = ipcMethods['settings.setKeyBinding'].input;
    expect(input.safeParse({ commandId: 'generate', keys: ['Mod+K'] }).success).toBe(true);
    expect(input.safeParse({ commandId: 'rm -rf', keys: ['Mod+K'] }).success).toBe(false);
    expect(input.safeParse({ commandId: 'generate', keys: ['Mod+K'], extra: 1 }).success).toBe(false);

    const older = { schemaVersion: 1, theme: 'dark', services: [], activeServiceUrl: null };
    await writeFile(file, JSON.stringify(older));
    const settings = new SettingsService(file, new MemoryLogger());
    expect((await settings.load()).keyBindings).toEqual({});
    expect(settings.current().theme).toBe('dark');
    await settings.setKeyBinding({ commandId: 'go-tasks', keys: ['Alt+3'] }, false);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      theme: 'dark',
      keyBindings: { 'go-tasks': ['Alt+3'] },
    });
  });

  it('drops a malformed stored key binding, logging it, and keeps the services and the rest of the file', async () => {
    const stored = {
      schemaVersion: 1,
      theme: 'dark',
      services: [{ url: 'https://voice.example', label: 'Studio', plan: 'paid' }],
      activeServiceUrl: 'https://voice.example',
      keyBindings: {
        generate: ['Mod+Shift+G'],
        export: ['Mod+1', 'Mod+2', 'Mod+3', 'Mod+4', 'Mod+5'],
        play: 'K',
      },
    };
    await writeFile(file, JSON.stringify(stored));
    const logger = new MemoryLogger();
    const settings = new SettingsService(file, logger);
    const loaded = await settings.load();
    expect(loaded.services).toEqual(stored.services);
    expect(loaded.activeServiceUrl).toBe('https://voice.example');
    expect(loaded.theme).toBe('dark');
    expect(loaded.keyBindings).toEqual({ generate: ['Mod+Shift+G'] });
    expect(await readdir(dir)).toEqual(['settings.json']);
    expect(logger.lines.join('\n')).toMatch(/keys saved for "export"[^]*"play"/);
  });
});
