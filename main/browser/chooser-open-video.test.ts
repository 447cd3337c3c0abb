import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderListing } from '../../common/ipc/files-methods.js';
import { createFilesFeature } from '../app/files-feature.js';
import type { Platform } from '../platform/platform.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { PathGrants } from '../services/paths/path-grants.js';
import { ReferenceVideos } from '../services/video/reference-videos.js';
import { VideoGrants, videoIdOf } from '../services/video/video-grants.js';
import type { RunningChooser } from './chooser-server.js';
import { startChooserServer } from './chooser-server.js';

/** The chooser's open-video kind: the browser shell's stand-in for the OS open dialog of a reference video. */
describe('choosing a reference video in the browser shell’s chooser', () => {
  let root: string;
  let chooser: RunningChooser;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'timbre-chooser-video-'));
    chooser = await startChooserServer({ rendererDir: root, logger: new MemoryLogger() });
    await mkdir(path.join(root, 'Shots'));
    for (const name of ['scene.mp4', 'Take.MOV', 'clip.webm', 'mix.wav', 'notes.txt', 'ep.timbre']) {
      await writeFile(path.join(root, name), 'x');
    }
  });
  afterEach(async () => {
    await chooser.close();
    await rm(root, { recursive: true, force: true });
  });

  const call = (choiceId: string, route: string, body?: unknown): Promise<Response> =>
    fetch(`${chooser.origin}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'X-Timbre-Choice': choiceId,
        ...(body === undefined ? {} : { Origin: chooser.origin, 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('starts in the home folder when the app names no start (a project’s first video)', async () => {
    const { choiceId } = chooser.open('open-video', undefined);
    const choice = (await (await call(choiceId, '/api/choice')).json()) as {
      initialPath: string;
      home: string;
    };
    expect(choice.initialPath).toBe(homedir());
    expect(choice.home).toBe(homedir());
  });

  it('lists folders and video files only', async () => {
    const { choiceId } = chooser.open('open-video', root);
    const listing = (await (
      await call(choiceId, `/api/browse?folder=${encodeURIComponent(root)}`)
    ).json()) as FolderListing;
    expect(listing.entries).toEqual([
      { name: 'Shots', kind: 'folder' },
      { name: 'clip.webm', kind: 'file' },
      { name: 'scene.mp4', kind: 'file' },
      { name: 'Take.MOV', kind: 'file' },
    ]);
  });

  it('refuses a pick that is not an existing video file, creating nothing', async () => {
    const { choiceId } = chooser.open('open-video', root);
    const refusals: [string, RegExp][] = [
      [path.join(root, 'mix.wav'), /“mix\.wav” is not a video file: choose an MP4, MOV, M4V or WebM file\./],
      [
        path.join(root, 'New', 'gone.mp4'),
        /“gone\.mp4” does not exist in .*New: choose a video file that is there\./,
      ],
    ];
    for (const [picked, message] of refusals) {
      const response = await call(choiceId, '/api/pick', { path: picked });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect(existsSync(path.join(root, 'New'))).toBe(false);
  });

  it('grants the picked video for reading only: it is served, and nothing may be written beside it', async () => {
    const dataDir = path.join(root, 'data');
    const videos = new ReferenceVideos(await VideoGrants.open(dataDir, new MemoryLogger()));
    const grants = new PathGrants();
    const platform = { chooser, dataDir } as unknown as Platform;
    const files = createFilesFeature({ platform, grants, videos });
    const picked = path.join(root, 'scene.mp4');

    const { choiceId } = await files['files.openChooser']({ kind: 'open-video', initialPath: root });
    const answer = files['files.chooserAnswer']({ choiceId });
    expect((await call(choiceId, '/api/pick', { path: picked })).status).toBe(204);
    await expect(answer).resolves.toEqual({ path: picked });

    expect(videos.fileFor(videoIdOf(picked))?.filePath).toBe(picked);
    expect(await grants.allows(picked)).toBe(false);
    expect(await grants.allows(path.join(root, 'scene.wav'))).toBe(false);
  });
});
