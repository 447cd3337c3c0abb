import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrowserPlatform } from '../browser/browser-platform.js';
import { EventHub } from '../ipc/event-hub.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { MemorySecretStore } from '../services/secrets/memory-secret-store.js';
import type { OpenedProject, ProjectListEntry } from '../../common/project/library-views.js';
import type { AppServices } from './app-services.js';
import { createAppServices } from './app-services.js';

/**
 * Named pipes called .timbre, through main's own IPC: opening one used to wait for a writer for ever, and four of
 * them held all of libuv's threads, so every file operation (listing, renaming, the shell's shutdown) waited too.
 */
describe('named pipes called .timbre', () => {
  let root: string;
  let app: AppServices;
  const fifos: string[] = [];

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'timbre-hostile-'));
    const events = new EventHub();
    app = await createAppServices({
      platform: new BrowserPlatform(path.join(root, 'data'), '0.0.0-test', events),
      logger: new MemoryLogger(),
      events,
      secrets: new MemorySecretStore(),
    });
  });

  afterEach(async () => {
    // A reader left waiting (the code before the fix) is let go by a writer that comes and goes.
    for (const fifo of fifos.splice(0)) {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader was waiting.
      }
    }
    await app.dispose();
    await rm(root, { recursive: true, force: true });
  });

  function makeFifo(filePath: string): string {
    execFileSync('mkfifo', [filePath]);
    fifos.push(filePath);
    return filePath;
  }

  it('projects.openPath answers at once, and listing, renaming and shutting down still work', async () => {
    const created = await app.dispatch('projects.create', { title: 'Real' });
    if (!created.ok) throw new Error(created.error.message);
    const { fileName } = created.result as OpenedProject;
    const projectsDir = path.join(root, 'data', 'projects');
    for (const name of ['a', 'b', 'c', 'd']) makeFifo(path.join(projectsDir, `${name}.timbre`));
    await mkdir(path.join(root, 'Downloads'));
    const outside = makeFifo(path.join(root, 'Downloads', 'sent.timbre'));
    // The OS handed it to the app (a double-click): granted, as any file the user opens that way.
    app.openProjectFile(outside);

    expect(await app.dispatch('projects.openPath', { path: outside })).toMatchObject({
      ok: true,
      result: {
        ok: false,
        message:
          '“sent.timbre” is not an ordinary file (it is a named pipe), so it cannot be read as a project file. Choose a file saved on disk.',
      },
    });
    const listed = await app.dispatch('projects.list', undefined);
    if (!listed.ok) throw new Error(listed.error.message);
    expect((listed.result as ProjectListEntry[]).filter((entry) => !entry.ok).length).toBe(4);
    const renamed = await app.dispatch('projects.rename', {
      fileName,
      title: 'Renamed',
    });
    expect(renamed).toMatchObject({ ok: true, result: { project: { title: 'Renamed' } } });
  }, 8_000);
});
