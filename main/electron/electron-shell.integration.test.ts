import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invokeChannel } from '../../common/ipc/contract.js';
import { METHOD_NAMES, EVENT_NAMES } from '../../common/ipc/names.js';
import { createProject } from '../../common/project/index.js';
import type { RunningStandin } from '../../standin/index.js';
import { startStandin } from '../../standin/index.js';
import { appEntryUrl } from './app-origin.js';
import { ElectronDouble } from './test-support/electron-double.js';

// The shell users run, as built (the test setup builds dist/ first), loaded with a test double of `electron`.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shellBundle = path.join(root, 'dist', 'main', 'electron-main.cjs');
const preloadBundle = path.join(root, 'dist', 'preload', 'preload.cjs');
const requireFromShell = createRequire(shellBundle);

type InvokeAnswer = { ok: boolean; result?: unknown; error?: { code: string; message: string } };

let dataDir: string;
let electron: ElectronDouble;
let standin: RunningStandin | undefined;
const savedEnv = { ...process.env };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-shell-'));
  for (const name of [
    'TIMBRE_STANDIN_URL',
    'TIMBRE_STANDIN_TOKEN',
    'TIMBRE_STANDIN_VOICES',
    'TIMBRE_DATA_DIR',
  ])
    delete process.env[name];
});

afterEach(async () => {
  // Quit as a user does (answering "Quit" if asked), and wait until the shell has stopped its services.
  if (electron.windows.length > 0) {
    electron.messageBoxAnswers.push(1);
    electron.emitAppEvent('before-quit');
    const afterFirst = electron.quitRequests;
    electron.emitAppEvent('before-quit');
    await vi.waitFor(() => expect(electron.quitRequests).toBeGreaterThan(afterFirst), { timeout: 10_000 });
  }
  await standin?.close();
  standin = undefined;
  process.env = { ...savedEnv };
  await rm(dataDir, { recursive: true, force: true });
});

/** Loads a fresh copy of the built shell with the double as `electron`, and lets it start. */
async function startShell(): Promise<ElectronDouble> {
  electron = new ElectronDouble(dataDir);
  const electronPath = requireFromShell.resolve('electron');
  requireFromShell.cache[electronPath] = {
    id: electronPath,
    filename: electronPath,
    loaded: true,
    exports: electron.module(),
  } as NodeJS.Module;
  delete requireFromShell.cache[shellBundle];
  const stderr = vi.spyOn(process.stderr, 'write');
  try {
    requireFromShell(shellBundle);
    electron.becomeReady();
    await vi.waitFor(() => expect(electron.windows[0]?.loadedUrl ?? electron.exitCode).toBeDefined(), {
      timeout: 20_000,
    });
    const said = stderr.mock.calls.map(([text]) => String(text)).join('');
    expect(electron.exitCode, `the shell exited: ${said}`).toBeUndefined();
    expect(electron.windows[0]?.loadedUrl).toBe(appEntryUrl);
  } finally {
    stderr.mockRestore();
  }
  return electron;
}

function invokeAs(sender: { webContents: unknown; frame: unknown }, method: string, input?: unknown) {
  const handler = electron.ipcHandlers.get(invokeChannel);
  if (!handler) throw new Error('the shell bound no invoke handler');
  return handler(
    { sender: sender.webContents, senderFrame: sender.frame },
    method,
    input,
  ) as Promise<InvokeAnswer>;
}

function fromApp(method: string, input?: unknown): Promise<InvokeAnswer> {
  const contents = electron.windows[0]!.webContents;
  return invokeAs({ webContents: contents, frame: contents.mainFrame }, method, input);
}

describe('the built Electron shell, with a test double of electron', () => {
  it('binds every contract method, and a call from its own page reaches the services', async () => {
    await startShell();
    const info = await fromApp('app.info');
    expect(info).toMatchObject({
      ok: true,
      result: { name: 'Timbre Studio', shell: 'electron', version: '0.0.0-test' },
    });
    expect((info.result as { dataDir: string }).dataDir).toBe(dataDir);
    // The desktop app shows its data folder in the file manager.
    expect(info).toMatchObject({ result: { canReveal: true } });
    expect(await fromApp('files.reveal', { path: dataDir })).toMatchObject({
      ok: true,
      result: { revealed: true },
    });
    expect(electron.revealedPaths).toEqual([dataDir]);
    for (const method of METHOD_NAMES) {
      const answer = await fromApp(method, { probe: true });
      expect(answer.error?.code, method).not.toBe('UNKNOWN_METHOD');
      expect(answer.error?.message ?? '', method).not.toMatch(/Something went wrong|Refused/);
    }
    const settings = await fromApp('settings.get');
    expect(settings).toMatchObject({ ok: true, result: { services: [] } });
  });

  it('builds its menu from the command registry, again when a key changes, and sends a click as its id', async () => {
    await startShell();
    type Item = { id?: string; accelerator?: string; click?: () => void; submenu?: Item[] };
    const items = (menu: unknown): Item[] =>
      (menu as Item[]).flatMap((item) => [item, ...(item.submenu ? items(item.submenu) : [])]);
    const generateItem = () => items(electron.applicationMenus.at(-1)).find((item) => item.id === 'generate');
    expect(generateItem()?.accelerator).toBe('CmdOrCtrl+G');

    expect(
      await fromApp('settings.setKeyBinding', { commandId: 'generate', keys: ['Mod+Shift+G'] }),
    ).toMatchObject({
      ok: true,
      result: { keyBindings: { generate: ['Mod+Shift+G'] } },
    });
    await vi.waitFor(() => expect(generateItem()?.accelerator).toBe('CmdOrCtrl+Shift+G'));
    expect(
      await fromApp('settings.setKeyBinding', { commandId: 'export', keys: ['Mod+Shift+G'] }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'CONFLICT',
        message: 'Ctrl+Shift+G is already "Generate every block without current audio".',
      },
    });

    const contents = electron.windows[0]!.webContents;
    contents.sent.length = 0;
    generateItem()?.click?.();
    expect(contents.sent.map(({ args }) => args)).toContainEqual(['menu.command', { command: 'generate' }]);
  });

  it('refuses calls from another frame, another origin or another window', async () => {
    await startShell();
    const contents = electron.windows[0]!.webContents;
    const refusals = [
      await invokeAs({ webContents: contents, frame: { url: appEntryUrl } }, 'app.info'),
      await invokeAs({ webContents: contents, frame: { url: 'https://evil.example/' } }, 'app.info'),
      await invokeAs({ webContents: {}, frame: contents.mainFrame }, 'app.info'),
      await invokeAs({ webContents: contents, frame: null }, 'app.info'),
    ];
    for (const answer of refusals) {
      expect(answer.ok).toBe(false);
      expect(answer.error?.message).toMatch(/Refused: the caller is not the app window/);
    }
  });

  it('serves the renderer under app:// with the CSP, and nothing outside it', async () => {
    await startShell();
    expect(electron.privilegedSchemes).toContainEqual(
      expect.objectContaining({
        scheme: 'app',
        // codeCache: V8 keeps the page's compiled scripts between launches (only with standard: true).
        privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }),
      }),
    );
    const serve = electron.protocolHandlers.get('app')!;
    const page = await serve(new Request(appEntryUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toMatch(/default-src 'self'.*script-src 'self'/);
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await page.text()).toContain('<div id="root"');
    for (const url of [
      'app://timbre/..%2f..%2fpackage.json',
      'app://timbre/%2e%2e%2fmain%2felectron-main.cjs',
      'app://elsewhere/index.html',
    ]) {
      expect((await serve(new Request(url))).status, url).toBe(404);
    }
  });

  it('allows the microphone to its own page only, and nothing else to anyone', async () => {
    await startShell();
    const request = (url: string, permission: string, mediaTypes: string[] = []) =>
      new Promise<boolean>((resolve) =>
        electron.permissionRequestHandler!({ getURL: () => url }, permission, resolve, { mediaTypes }),
      );
    expect(await request(appEntryUrl, 'media', ['audio'])).toBe(true);
    expect(await request(appEntryUrl, 'media', ['video'])).toBe(false);
    expect(await request(appEntryUrl, 'media', ['audio', 'video'])).toBe(false);
    expect(await request('https://evil.example/', 'media', ['audio'])).toBe(false);
    for (const permission of ['notifications', 'geolocation', 'clipboard-read', 'openExternal'])
      expect(await request(appEntryUrl, permission), permission).toBe(false);
    const check = electron.permissionCheckHandler!;
    expect(check({}, 'media', 'app://timbre')).toBe(true);
    expect(check({}, 'media', 'https://evil.example')).toBe(false);
  });

  it('opens its window with the secure options, from files that exist in the build', async () => {
    await startShell();
    const window = electron.windows[0]!;
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(window.shown).toBe(true);
    const preloadPath = window.options.webPreferences?.preload as string;
    expect(preloadPath).toBe(preloadBundle);
    expect(existsSync(preloadPath)).toBe(true);
    // The export worker the shell names (beside its own bundle) is built too.
    expect(await readFile(shellBundle, 'utf8')).toContain('"export-worker.mjs"');
    expect(existsSync(path.join(path.dirname(shellBundle), 'export-worker.mjs'))).toBe(true);
    // So is the import worker (imports are parsed off main's event loop).
    expect(await readFile(shellBundle, 'utf8')).toContain('"import-worker.mjs"');
    expect(existsSync(path.join(path.dirname(shellBundle), 'import-worker.mjs'))).toBe(true);
  });

  it('asks before quitting while tasks run, and quits only when told to', async () => {
    standin = await startStandin({ port: 0, dataDir: path.join(dataDir, 'standin') });
    standin.setQueuePaused(true);
    const voice = standin.marketVoices[0]!;
    process.env.TIMBRE_STANDIN_URL = standin.url;
    process.env.TIMBRE_STANDIN_VOICES = voice.id;
    await startShell();
    const project = createProject({
      title: 'Quit test',
      serviceUrl: standin.url,
      defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
      textBlocks: ['A line the service is still working on.'],
    });
    const started = await fromApp('generation.start', { project });
    expect(started.error?.message).toBeUndefined();
    expect(started.ok).toBe(true);
    await vi.waitFor(
      async () => {
        const jobs = (await fromApp('jobs.list')).result as { status: string }[];
        expect(jobs.map((job) => job.status)).toEqual(['running']);
      },
      { timeout: 20_000 },
    );

    electron.messageBoxAnswers.push(0);
    expect(electron.emitAppEvent('before-quit')).toBe(true);
    expect(electron.messageBoxes.at(-1)).toMatchObject({
      message: 'Quit while tasks are running?',
      buttons: ['Keep working', 'Quit'],
    });
    expect(electron.quitRequests).toBe(0);

    electron.messageBoxAnswers.push(1);
    expect(electron.emitAppEvent('before-quit')).toBe(true);
    expect(electron.quitRequests).toBe(1);
  });
});

describe('the built preload, with a test double of electron', () => {
  it('requires nothing but electron, exposes the contract only, and listens once for every event', async () => {
    electron = new ElectronDouble(dataDir);
    const required: string[] = [];
    const module = { exports: {} };
    vm.runInNewContext(await readFile(preloadBundle, 'utf8'), {
      module,
      exports: module.exports,
      require: (name: string) => {
        required.push(name);
        if (name !== 'electron') throw new Error(`the preload required ${name}`);
        return electron.module();
      },
      Promise,
    });
    expect(required).toEqual(['electron']);
    const bridge = electron.exposedInMainWorld.get('timbre') as {
      invoke(method: string, input?: unknown): Promise<InvokeAnswer>;
      on(event: string, listener: (payload: unknown) => void): () => void;
    };
    expect([...electron.exposedInMainWorld.keys()]).toEqual(['timbre']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    for (const name of EVENT_NAMES) bridge.on(name, () => undefined);
    expect(electron.rendererListeners).toHaveLength(1);
    expect(await bridge.invoke('shell.exec', {})).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_METHOD' },
    });
    expect(electron.rendererInvocations).toHaveLength(0);
    await bridge.invoke('app.info');
    expect(electron.rendererInvocations).toEqual([{ channel: invokeChannel, args: ['app.info', undefined] }]);
    expect(() => bridge.on('no.such.event', () => undefined)).toThrow(/Unknown event/);
  });
});
