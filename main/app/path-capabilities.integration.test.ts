import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../common/export/index.js';
import { createProject } from '../../common/project/index.js';
import { BrowserPlatform } from '../browser/browser-platform.js';
import { EventHub } from '../ipc/event-hub.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { MemorySecretStore } from '../services/secrets/memory-secret-store.js';
import type { AppServices } from './app-services.js';
import { createAppServices } from './app-services.js';

/** What a page sends is not where main writes or reads: only places the user chose are. */
describe('paths are capabilities', () => {
  let root: string;
  let app: AppServices;
  let exportDir: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'timbre-paths-'));
    exportDir = path.join(root, 'Exports');
    process.env.TIMBRE_EXPORT_DIR = exportDir;
    const events = new EventHub();
    app = await createAppServices({
      platform: new BrowserPlatform(path.join(root, 'data'), '0.0.0-test', events),
      logger: new MemoryLogger(),
      events,
      secrets: new MemorySecretStore(),
    });
  });

  afterAll(async () => {
    delete process.env.TIMBRE_EXPORT_DIR;
    await app.dispose();
    await rm(root, { recursive: true, force: true });
  });

  const project = createProject({ title: 'Show' });

  it('export.start refuses a path nobody chose, and leaves the file there untouched', async () => {
    const victim = path.join(root, '.bashrc');
    await writeFile(victim, 'export PATH=$PATH:~/bin\n');
    for (const outputPath of [victim, path.join(root, 'Show.wav')]) {
      const answer = await app.dispatch('export.start', {
        project,
        settings: defaultProjectExportSettings,
        outputPath,
        onExisting: 'replace',
      });
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'outputPath' } });
    }
    expect(await readFile(victim, 'utf8')).toBe('export PATH=$PATH:~/bin\n');
    // Inside the default export folder (made on first use) the same call gets as far as the project itself.
    const inside = await app.dispatch('export.start', {
      project,
      settings: defaultProjectExportSettings,
      outputPath: path.join(exportDir, 'Show.wav'),
    });
    expect(inside).toMatchObject({ ok: true, result: { ok: false, reason: 'empty' } });
    // The extension must be the format's.
    const wrong = await app.dispatch('export.start', {
      project,
      settings: defaultProjectExportSettings,
      outputPath: path.join(exportDir, 'Show.sh'),
    });
    expect(wrong).toMatchObject({ ok: false, error: { field: 'outputPath', message: /must end in \.wav/ } });
  });

  it('files.reveal shows only the data folder and places the user chose; the browser shell answers with the path', async () => {
    const outside = await app.dispatch('files.reveal', { path: path.join(root, '.bashrc') });
    expect(outside).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'path' } });
    // Climbing out of the data folder is outside it.
    const climbing = await app.dispatch('files.reveal', { path: path.join(root, 'data', '..', 'passwd') });
    expect(climbing).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'path' } });
    // The browser shell opens no file manager: the page shows the path instead (app.info says so).
    expect(await app.dispatch('files.reveal', { path: path.join(root, 'data') })).toEqual({
      ok: true,
      result: { revealed: false },
    });
    expect(await app.dispatch('files.reveal', { path: path.join(exportDir, 'Show.wav') })).toEqual({
      ok: true,
      result: { revealed: false },
    });
    expect(await app.dispatch('app.info', undefined)).toMatchObject({
      ok: true,
      result: { dataDir: path.join(root, 'data'), canReveal: false },
    });
  });

  it('batch.add refuses project files and folders nobody chose, without echoing any file content', async () => {
    const secretFile = path.join(root, 'passwd');
    await writeFile(secretFile, 'root:x:0:0:root:/root:/bin/bash\n');
    const read = await app.dispatch('batch.add', {
      sources: [{ kind: 'path', path: secretFile }],
      destination: exportDir,
      settings: defaultProjectExportSettings,
      generateMissing: false,
    });
    expect(read).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'sources.0.path' } });
    expect(JSON.stringify(read)).not.toContain('root:x');
    const elsewhere = await app.dispatch('batch.add', {
      sources: [{ kind: 'library', fileName: 'show.timbre' }],
      destination: path.join(root, 'not-chosen'),
      settings: defaultProjectExportSettings,
      generateMissing: false,
    });
    expect(elsewhere).toMatchObject({ ok: false, error: { field: 'destination' } });
    expect((await app.dispatch('batch.get', undefined)) as unknown).toMatchObject({
      ok: true,
      result: { items: [] },
    });
  });

  it('a page cannot grant itself a place: naming a path to a chooser method grants nothing', async () => {
    const wanted = path.join(root, 'picked', 'Show.wav');
    // The methods that took the page's word for a pick, and listed any folder, are gone.
    for (const [name, input] of [
      ['files.choose', { path: wanted, kind: 'save-file' }],
      ['files.browse', { folder: root }],
    ] as const) {
      const answer = await app.dispatch(name as never, input as never);
      expect(answer).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    }
    const answer = await app.dispatch('export.start', {
      project,
      settings: defaultProjectExportSettings,
      outputPath: wanted,
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'outputPath' } });
    // Without main's chooser window (this platform has none, as Electron), no choice can even be opened.
    const opened = await app.dispatch('files.openChooser', { kind: 'save-file', initialPath: wanted });
    expect(opened).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
