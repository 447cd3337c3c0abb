import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invokeChannel } from '../../common/ipc/contract.js';
import { ElectronDouble } from './test-support/electron-double.js';

// The built shell (the test setup builds dist/ first) with the `electron` double: what Report a Problem asks of
// Electron's save dialog and of app.getPath. Whether macOS and Windows add `.zip` to a bare name is Electron's
// behaviour with `filters`, read in its documentation, not run here; main adds it anyway (report-file-path.ts).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shellBundle = path.join(root, 'dist', 'main', 'electron-main.cjs');
const requireFromShell = createRequire(shellBundle);

type Answer = { ok: boolean; result?: { path: string | null } };

let dataDir: string;
let electron: ElectronDouble;
const savedEnv = { ...process.env };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-report-dialog-'));
  process.env.TIMBRE_DATA_DIR = dataDir;
});

afterEach(async () => {
  if (electron.windows.length > 0) {
    electron.messageBoxAnswers.push(1);
    const before = electron.quitRequests;
    electron.emitAppEvent('before-quit');
    electron.emitAppEvent('before-quit');
    await vi.waitFor(() => expect(electron.quitRequests).toBeGreaterThan(before), { timeout: 10_000 });
  }
  process.env = { ...savedEnv };
  await rm(dataDir, { recursive: true, force: true });
});

async function startShell(): Promise<void> {
  electron = new ElectronDouble(dataDir);
  const electronPath = requireFromShell.resolve('electron');
  requireFromShell.cache[electronPath] = {
    id: electronPath,
    filename: electronPath,
    loaded: true,
    exports: electron.module(),
  } as NodeJS.Module;
  delete requireFromShell.cache[shellBundle];
  requireFromShell(shellBundle);
  electron.becomeReady();
  await vi.waitFor(() => expect(electron.windows[0]?.loadedUrl ?? electron.exitCode).toBeDefined(), {
    timeout: 20_000,
  });
  expect(electron.exitCode).toBeUndefined();
}

function fromApp(method: string, input?: unknown): Promise<Answer> {
  const contents = electron.windows[0]!.webContents;
  const handler = electron.ipcHandlers.get(invokeChannel)!;
  return handler({ sender: contents, senderFrame: contents.mainFrame }, method, input) as Promise<Answer>;
}

describe('Report a Problem in the Electron shell', () => {
  it('suggests the folder app.getPath("downloads") names, and offers a zip in the save dialog', async () => {
    await startShell();
    const downloads = path.join(dataDir, 'Downloads');
    await mkdir(downloads);
    const suggested = await fromApp('support.suggestedPath');
    expect(path.dirname(suggested.result?.path ?? '')).toBe(downloads);

    const chosen = path.join(downloads, 'for support');
    electron.saveDialogAnswers.push(chosen);
    expect(await fromApp('support.chooseDestination', { suggestedPath: suggested.result?.path })).toEqual({
      ok: true,
      result: { path: chosen },
    });
    expect(electron.saveDialogs).toEqual([
      expect.objectContaining({
        defaultPath: suggested.result?.path,
        filters: [{ name: 'Zip archive', extensions: ['zip'] }],
      }),
    ]);
  });
});
