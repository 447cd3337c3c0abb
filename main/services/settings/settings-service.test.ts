import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import { DEFAULT_EXPLICIT_WORDS } from '../../../common/export/explicit-words.js';
import { ipcMethods } from '../../../common/ipc/contract.js';
import { IpcError } from '../../../common/ipc/errors.js';
import { MemoryLogger } from '../logging/logger.js';
import { SettingsService } from './settings-service.js';

describe('SettingsService', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'timbre-settings-'));
    file = path.join(dir, 'settings.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts from defaults and persists changes across instances', async () => {
    const first = new SettingsService(file, new MemoryLogger());
    expect((await first.load()).services).toEqual([]);
    await first.saveService({
      url: 'https://api.example.com',
      label: 'Prod',
      plan: 'paid',
      makeActive: true,
    });
    await first.setTheme('dark');
    const second = new SettingsService(file, new MemoryLogger());
    const loaded = await second.load();
    expect(loaded.theme).toBe('dark');
    expect(loaded.activeServiceUrl).toBe('https://api.example.com');
    expect(second.activeService()).toEqual({ url: 'https://api.example.com', label: 'Prod', plan: 'paid' });
  });

  it('edits a service in place when its URL changes, keeping it active', async () => {
    const settings = new SettingsService(file, new MemoryLogger());
    await settings.load();
    await settings.saveService({
      url: 'http://127.0.0.1:8787',
      label: 'Local',
      plan: 'free',
      makeActive: true,
    });
    await settings.saveService({
      url: 'https://prod.example',
      label: 'Prod',
      plan: 'paid',
      makeActive: false,
    });
    const edited = await settings.saveService({
      url: 'http://127.0.0.1:9000',
      label: 'Local',
      plan: 'free',
      previousUrl: 'http://127.0.0.1:8787',
      makeActive: false,
    });
    expect(edited.services.map((service) => service.url)).toEqual([
      'http://127.0.0.1:9000',
      'https://prod.example',
    ]);
    expect(edited.activeServiceUrl).toBe('http://127.0.0.1:9000');
  });

  it('refuses to rename a service onto another saved URL', async () => {
    const settings = new SettingsService(file, new MemoryLogger());
    await settings.load();
    await settings.saveService({ url: 'https://a.example', label: '', plan: 'free', makeActive: true });
    await settings.saveService({ url: 'https://b.example', label: '', plan: 'free', makeActive: false });
    const attempt = settings.saveService({
      url: 'https://b.example',
      label: '',
      plan: 'free',
      previousUrl: 'https://a.example',
      makeActive: false,
    });
    await expect(attempt).rejects.toBeInstanceOf(IpcError);
    await expect(attempt).rejects.toMatchObject({ data: { code: 'CONFLICT', field: 'url' } });
    expect(settings.current().services).toHaveLength(2);
  });

  it('moves the active service on when the active one is removed', async () => {
    const settings = new SettingsService(file, new MemoryLogger());
    await settings.load();
    await settings.saveService({ url: 'https://a.example', label: '', plan: 'free', makeActive: true });
    await settings.saveService({ url: 'https://b.example', label: '', plan: 'free', makeActive: false });
    const after = await settings.removeService('https://a.example');
    expect(after.activeServiceUrl).toBe('https://b.example');
    await expect(settings.activateService('https://a.example')).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
    });
  });

  it('gives a file from before the take checks their defaults, and keeps thresholds the user sets', async () => {
    await writeFile(
      file,
      JSON.stringify({ schemaVersion: 1, theme: 'dark', services: [], activeServiceUrl: null }),
    );
    const settings = new SettingsService(file, new MemoryLogger());
    expect((await settings.load()).checks).toEqual(DEFAULT_CHECK_THRESHOLDS);
    const stricter = { ...DEFAULT_CHECK_THRESHOLDS, longPauseMs: 1_500 };
    await settings.setChecks(stricter);
    expect((await new SettingsService(file, new MemoryLogger()).load()).checks).toEqual(stricter);
    await expect(settings.setChecks({ ...stricter, durationTolerance: 5 })).rejects.toThrow(/at most 100 %/);
  });

  it('gives an older file the default explicit words and keeps the list the user sets', async () => {
    await writeFile(
      file,
      JSON.stringify({ schemaVersion: 1, theme: 'dark', services: [], activeServiceUrl: null }),
    );
    const settings = new SettingsService(file, new MemoryLogger());
    expect((await settings.load()).explicitWords).toEqual(DEFAULT_EXPLICIT_WORDS);
    // Read as an older file, not set aside as damaged: the rest of it is kept.
    expect(settings.current().theme).toBe('dark');
    await settings.setExplicitWords(['damn', 'bloody hell']);
    expect((await new SettingsService(file, new MemoryLogger()).load()).explicitWords).toEqual([
      'damn',
      'bloody hell',
    ]);
    await expect(settings.setExplicitWords(['x'.repeat(61)])).rejects.toThrow(/at most 60 characters/);
  });

  it('gives an older file automatic update checks switched on, keeps the choice to switch them off, and reads a bad value leniently', async () => {
    await writeFile(
      file,
      JSON.stringify({ schemaVersion: 1, theme: 'dark', services: [], activeServiceUrl: null }),
    );
    const settings = new SettingsService(file, new MemoryLogger());
    expect((await settings.load()).updates).toEqual({ automaticChecks: true });
    expect(settings.current().theme).toBe('dark');
    await settings.setAutomaticUpdateChecks(false);
    expect((await new SettingsService(file, new MemoryLogger()).load()).updates.automaticChecks).toBe(false);
    // A hand-edited value is read as the default, never a reason to set the file aside.
    await writeFile(
      file,
      JSON.stringify({
        schemaVersion: 1,
        theme: 'dark',
        services: [],
        activeServiceUrl: null,
        updates: { automaticChecks: 'sometimes', feedUrl: 42 },
      }),
    );
    expect((await new SettingsService(file, new MemoryLogger()).load()).updates).toEqual({
      automaticChecks: true,
    });
    expect((await readdir(dir)).filter((name) => name.includes('damaged'))).toEqual([]);
  });

  it('drops the explicit words a hand-edited file breaks the rules with, keeping the other settings and words', async () => {
    const words = ['damn', 'x'.repeat(61), 7, ...Array.from({ length: 600 }, (_, index) => `w${index}`)];
    await writeFile(
      file,
      JSON.stringify({
        schemaVersion: 1,
        theme: 'dark',
        services: [],
        activeServiceUrl: null,
        explicitWords: words,
      }),
    );
    const loaded = await new SettingsService(file, new MemoryLogger()).load();
    expect(loaded.theme).toBe('dark');
    expect(loaded.explicitWords).toHaveLength(500);
    expect(loaded.explicitWords.slice(0, 2)).toEqual(['damn', 'w0']);
    expect((await readdir(dir)).filter((name) => name.includes('damaged'))).toEqual([]);
  });

  it('gives an older file the generation defaults (ask above 5,000 credits) and keeps a default voice per service', async () => {
    await writeFile(
      file,
      JSON.stringify({ schemaVersion: 1, theme: 'dark', services: [], activeServiceUrl: null }),
    );
    const settings = new SettingsService(file, new MemoryLogger());
    expect((await settings.load()).generation).toEqual({ confirmAboveCredits: 5_000, defaultVoices: {} });
    const chosen = {
      confirmAboveCredits: 800,
      defaultVoices: { 'http://127.0.0.1:8787': { voiceId: 'c3d9a7e4', voiceName: 'Aria' } },
    };
    await settings.setGeneration(chosen);
    expect((await new SettingsService(file, new MemoryLogger()).load()).generation).toEqual(chosen);
    await expect(settings.setGeneration({ ...chosen, confirmAboveCredits: -1 })).rejects.toThrow(/0 or more/);
  });

  it('applies each generation change onto the current settings, so the limit and a voice saved together keep both', async () => {
    const settings = new SettingsService(file, new MemoryLogger());
    await settings.load();
    const aria = { voiceId: 'c3d9a7e4', voiceName: 'Aria' };
    const bruno = { voiceId: 'b7e1', voiceName: 'Bruno' };
    // Saved close together, each from the page's copy of the settings: neither undoes the other.
    await Promise.all([
      settings.setGeneration({ confirmAboveCredits: 800 }),
      settings.setGeneration({ defaultVoices: { 'http://127.0.0.1:8787': aria } }),
      settings.setGeneration({ defaultVoices: { 'https://prod.example': bruno } }),
    ]);
    expect((await new SettingsService(file, new MemoryLogger()).load()).generation).toEqual({
      confirmAboveCredits: 800,
      defaultVoices: { 'http://127.0.0.1:8787': aria, 'https://prod.example': bruno },
    });
    // null sets one service back to no default voice; the others and the limit stay.
    const cleared = await settings.setGeneration({ defaultVoices: { 'http://127.0.0.1:8787': null } });
    expect(cleared.generation).toEqual({
      confirmAboveCredits: 800,
      defaultVoices: { 'https://prod.example': bruno },
    });
  });

  it('bounds the default voices: keys are service URLs of URL length, and at most 100 services keep one', async () => {
    const input = ipcMethods['settings.setGeneration'].input;
    const aria = { voiceId: 'c3d9a7e4', voiceName: 'Aria' };
    const longUrl = `https://example.com/${'a'.repeat(2048)}`;
    const tooLong = input.safeParse({ generation: { defaultVoices: { [longUrl]: aria } } });
    expect(tooLong.error?.issues[0]).toMatchObject({
      path: ['generation', 'defaultVoices', longUrl],
      message: 'a service URL must be at most 2048 characters',
    });
    expect(input.safeParse({ generation: { defaultVoices: { 'not a url': aria } } }).success).toBe(false);
    const urls = Array.from({ length: 101 }, (_, index) => `https://service-${index}.example`);
    const tooMany = input.safeParse({
      generation: { defaultVoices: Object.fromEntries(urls.map((url) => [url, aria])) },
    });
    expect(tooMany.error?.issues[0]?.message).toBe('must name at most 100 services');
    expect(input.safeParse({ generation: { defaultVoices: { [urls[0]!]: aria } } }).success).toBe(true);

    // Added one by one, the 101st is refused with the rule, and the 100 saved are kept.
    const settings = new SettingsService(file, new MemoryLogger());
    await settings.load();
    for (const url of urls.slice(0, 100)) await settings.setGeneration({ defaultVoices: { [url]: aria } });
    const refused = settings.setGeneration({ defaultVoices: { [urls[100]!]: aria } });
    await expect(refused).rejects.toMatchObject({
      data: {
        code: 'INVALID_INPUT',
        field: 'generation.defaultVoices',
        message: expect.stringMatching(/at most 100 services/u) as unknown,
      },
    });
    expect(Object.keys(settings.current().generation.defaultVoices)).toHaveLength(100);
  });

  it('keeps a damaged settings file aside instead of overwriting it', async () => {
    await writeFile(file, '{"schemaVersion": 1, "theme": "plaid"');
    const logger = new MemoryLogger();
    const settings = new SettingsService(file, logger);
    expect((await settings.load()).theme).toBe('system');
    const names = await readdir(dir);
    const aside = names.find((name) => name.startsWith('settings.json.damaged-'));
    expect(aside).toBeDefined();
    expect(await readFile(path.join(dir, aside ?? ''), 'utf8')).toBe('{"schemaVersion": 1, "theme": "plaid"');
    expect(logger.lines.join('\n')).toContain('damaged');
  });

  it('notifies listeners after each saved change', async () => {
    const settings = new SettingsService(file, new MemoryLogger());
    await settings.load();
    const themes: string[] = [];
    settings.onChange((current) => themes.push(current.theme));
    await settings.setTheme('light');
    await settings.setTheme('dark');
    expect(themes).toEqual(['light', 'dark']);
  });
});
