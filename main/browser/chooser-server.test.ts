import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderListing } from '../../common/ipc/files-methods.js';
import { MemoryLogger } from '../services/logging/logger.js';
import type { RunningChooser } from './chooser-server.js';
import { startChooserServer } from './chooser-server.js';

describe('the browser shell’s chooser server', () => {
  let root: string;
  let chooser: RunningChooser;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'timbre-chooser-'));
    chooser = await startChooserServer({ rendererDir: root, logger: new MemoryLogger() });
  });

  afterEach(async () => {
    await chooser.close();
    await rm(root, { recursive: true, force: true });
  });

  /** A call of the chooser page itself: its choice header, and its own origin on a POST. */
  const call = (choiceId: string, route: string, body?: unknown): Promise<Response> =>
    fetch(`${chooser.origin}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'X-Timbre-Choice': choiceId,
        ...(body === undefined ? {} : { Origin: chooser.origin, 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('lists a default export folder that does not exist yet as its nearest existing folder, with home and parent', async () => {
    // A fresh install: ~/Timbre Studio Exports (here under a home-like folder) has never been made.
    await mkdir(path.join(root, 'Music'));
    const target = path.join(root, 'Timbre Studio Exports', 'deeper');
    const { choiceId } = chooser.open('save-file', path.join(target, 'Harbour.wav'));

    const choice = (await (await call(choiceId, '/api/choice')).json()) as { home: string };
    expect(choice.home).toBe(homedir());

    const response = await call(choiceId, `/api/browse?folder=${encodeURIComponent(target)}`);
    expect(response.status).toBe(200);
    const listing = (await response.json()) as FolderListing;
    expect(listing).toEqual({
      folder: root,
      parent: path.dirname(root),
      home: homedir(),
      entries: [{ name: 'Music', kind: 'folder' }],
      missing: target,
    });
  });

  it('still says plainly when a folder exists but is a file', async () => {
    await writeFile(path.join(root, 'notes.wav'), 'x');
    const { choiceId } = chooser.open('folder', root);
    const response = await call(
      choiceId,
      `/api/browse?folder=${encodeURIComponent(path.join(root, 'notes.wav'))}`,
    );
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe(
      `${path.join(root, 'notes.wav')} is a file, not a folder. Go up and choose its folder.`,
    );
  });

  it('creates the missing folder when the user picks a file in it, and grants the pick', async () => {
    const target = path.join(root, 'Timbre Studio Exports', 'Harbour.wav');
    const { choiceId } = chooser.open('save-file', target);
    const answer = chooser.answer(choiceId);

    const response = await call(choiceId, '/api/pick', { path: target });
    expect(response.status).toBe(204);
    await expect(answer).resolves.toEqual({ kind: 'save-file', path: target });
    expect(existsSync(path.join(root, 'Timbre Studio Exports'))).toBe(true);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a pick under a file with a sentence naming it, and keeps the choice open', async () => {
    await writeFile(path.join(root, 'notes.wav'), 'x');
    const folder = path.join(root, 'notes.wav', 'inside');
    const { choiceId } = chooser.open('folder', root);

    const response = await call(choiceId, '/api/pick', { path: folder });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      `${folder} cannot be made: part of that path is a file, not a folder. Choose another place.`,
    );
    expect((await call(choiceId, '/api/choice')).status).toBe(200);
  });
});
