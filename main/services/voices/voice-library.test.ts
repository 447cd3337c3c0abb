import { readdir, readFile, writeFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../jobs/index.js';
import { MemoryLogger } from '../logging/logger.js';
import { ServiceClient } from '../service-client/index.js';
import { voiceFilePath } from './voice-file.js';
import { VoiceLibrary } from './voice-library.js';
import { TOKEN, expectLibraryError, useVoiceLibraryWorld } from './test-support/voice-library-world.js';

/** Integration: the library against the real stand-in over HTTP: adding voices by id, local edits, damaged files. */
const world = useVoiceLibraryWorld();
const { aria } = world;

describe('VoiceLibrary × stand-in: adding by id', () => {
  it('adds a market voice by id with its generation id, styles and playable samples', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const changes: string[] = [];
    library.onChange((url) => changes.push(url));

    const entry = await library.addById(world.standin.url, `  ${aria().id} `, world.client);

    expect(entry).toMatchObject({
      id: aria().id,
      idForGenerate: aria().idForGenerate,
      serviceName: 'Aria',
      status: 'pending',
      state: 'ready',
      from: 'market',
      origin: 'added',
      language: 'en',
      version: 'v3.0',
      professional: false,
    });
    expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.styles.map((style) => style.id)).toEqual(aria().styles);
    const sample = entry.styles[0]?.sampleUrl ?? '';
    expect(sample.startsWith(`${world.standin.url}/files/`)).toBe(true);
    const audio = await fetch(sample);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\//);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    expect(await library.list(world.standin.url)).toEqual([entry]);
    expect(await library.get(`${world.standin.url}/`, aria().id)).toEqual(entry);
    expect(changes).toEqual([world.standin.url]);
  });

  it('refuses an unknown id with an error naming it and the request id, and changes nothing', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const unknownId = '00000000-1111-4222-8333-444444444444';
    const error = await expectLibraryError(
      library.addById(world.standin.url, unknownId, world.client),
      'VOICE_NOT_FOUND',
    );
    expect(error.message).toContain(unknownId);
    expect(error.field).toBe('id');
    expect(error.httpStatus).toBe(404);
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await library.list(world.standin.url)).toEqual([]);

    const blank = await expectLibraryError(
      library.addById(world.standin.url, '   ', world.client),
      'VOICE_ID_INVALID',
    );
    expect(blank.message).toBe('id is required');
  });

  it("takes either of a voice's ids: a removed market voice comes back by its generation id, even after a restart", async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    await library.addById(world.standin.url, aria().id, world.client);
    // In the library: its generation id finds it too (and refreshes it).
    expect(await library.addById(world.standin.url, aria().idForGenerate, world.client)).toMatchObject({
      id: aria().id,
    });
    expect(await library.list(world.standin.url)).toHaveLength(1);

    expect(await library.remove(world.standin.url, aria().id)).toBe(true);
    // A new library object reads the file again, as after a restart.
    const reopened = new VoiceLibrary({ dataDir: world.dataDir });
    const back = await reopened.addById(world.standin.url, aria().idForGenerate, world.client);
    expect(back).toMatchObject({ id: aria().id, idForGenerate: aria().idForGenerate, origin: 'added' });
    expect(await reopened.remove(world.standin.url, aria().id)).toBe(true);
    expect(await reopened.addById(world.standin.url, aria().id, world.client)).toMatchObject({
      id: aria().id,
    });
    expect((await reopened.list(world.standin.url)).map((voice) => voice.id)).toEqual([aria().id]);
  });

  it('refreshes a voice added twice, keeping its rename and when it was added', async () => {
    let clock = Date.parse('2025-01-01T00:00:00Z');
    const library = new VoiceLibrary({ dataDir: world.dataDir, now: () => new Date((clock += 1000)) });
    const first = await library.addById(world.standin.url, aria().id, world.client);
    await library.rename(world.standin.url, aria().id, '  Story teller  ');
    const again = await library.addById(world.standin.url, aria().id, world.client);
    expect(again).toMatchObject({ localName: 'Story teller', addedAt: first.addedAt, origin: 'added' });
    expect(await library.list(world.standin.url)).toHaveLength(1);
  });

  it('never sends a token to another service than the library asked for', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const other = new ServiceClient({ baseUrl: 'http://127.0.0.1:9', getToken: () => TOKEN });
    await expectLibraryError(library.addById(world.standin.url, aria().id, other), 'CLIENT_SERVICE_MISMATCH');
    other.close();
  });

  it('reads offline: the list comes from disk, a refresh fails without touching the entry', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const entry = await library.addById(world.standin.url, aria().id, world.client);
    const offlineClient = new ServiceClient({
      baseUrl: world.standin.url,
      getToken: () => TOKEN,
      retry: { maxRetries: 0 },
      timeoutMs: 2000,
    });
    await world.standin.goOffline();
    try {
      const reopened = new VoiceLibrary({ dataDir: world.dataDir });
      expect(await reopened.list(world.standin.url)).toEqual([entry]);
      await expect(reopened.refresh(world.standin.url, aria().id, offlineClient)).rejects.toMatchObject({
        kind: 'network',
      });
      expect(await reopened.get(world.standin.url, aria().id)).toEqual(entry);
    } finally {
      offlineClient.close();
      await world.standin.goOnline();
    }
  });
});

describe('VoiceLibrary: local edits and damaged files', () => {
  it('validates renames and refuses unknown voices by name of field and rule', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    await library.addById(world.standin.url, aria().id, world.client);
    const tooLong = await expectLibraryError(
      library.rename(world.standin.url, aria().id, 'x'.repeat(81)),
      'VOICE_NAME_INVALID',
    );
    expect(tooLong.message).toBe('localName must be at most 80 characters');
    expect(tooLong.field).toBe('localName');
    await expectLibraryError(library.rename(world.standin.url, aria().id, 'a\nb'), 'VOICE_NAME_INVALID');
    expect((await library.rename(world.standin.url, aria().id, 'é'.repeat(80))).localName).toBe(
      'é'.repeat(80),
    );
    const missing = await expectLibraryError(
      library.rename(world.standin.url, 'nope', 'A'),
      'VOICE_NOT_IN_LIBRARY',
    );
    expect(missing.field).toBe('id');
    await expectLibraryError(
      library.refresh(world.standin.url, 'nope', world.client),
      'VOICE_NOT_IN_LIBRARY',
    );
    await expectLibraryError(library.list('ftp://example.com'), 'SERVICE_URL_INVALID');
  });

  it('moves an unreadable file aside and starts empty, never trusting it', async () => {
    const filePath = voiceFilePath(world.dataDir, world.standin.url);
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(filePath, '{"version": 1, "serviceUrl": "', 'utf8');
    const logger = new MemoryLogger();
    const library = new VoiceLibrary({ dataDir: world.dataDir, logger });
    expect(await library.list(world.standin.url)).toEqual([]);
    const files = await readdir(path.dirname(filePath));
    const aside = files.filter((name) => name.includes('.damaged-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(path.dirname(filePath), aside[0] ?? ''), 'utf8')).toBe(
      '{"version": 1, "serviceUrl": "',
    );
    expect(logger.lines.some((line) => line.includes('not valid JSON'))).toBe(true);
    // The library works normally afterwards.
    await library.addById(world.standin.url, aria().id, world.client);
    expect(await new VoiceLibrary({ dataDir: world.dataDir }).list(world.standin.url)).toHaveLength(1);
  });

  it('keeps only the entries that pass validation from a partly damaged file, and the original aside', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const good = await library.addById(world.standin.url, aria().id, world.client);
    const filePath = voiceFilePath(world.dataDir, world.standin.url);
    const content = JSON.parse(await readFile(filePath, 'utf8')) as { voices: unknown[] };
    content.voices.push({ ...good, id: 'bad', state: 'exploded' }, { id: 42 });
    await writeFile(filePath, JSON.stringify(content), 'utf8');

    const reopened = new VoiceLibrary({ dataDir: world.dataDir });
    expect(await reopened.list(world.standin.url)).toEqual([good]);
    expect((await readdir(path.dirname(filePath))).some((name) => name.includes('.damaged-'))).toBe(true);
    // The kept entries were written back at once.
    expect(JSON.parse(await readFile(filePath, 'utf8'))).toMatchObject({ voices: [good] });
  });

  it('treats a library file of another service as damaged', async () => {
    const filePath = voiceFilePath(world.dataDir, world.standin.url);
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(
      filePath,
      JSON.stringify({ version: 1, serviceUrl: 'https://other.example', voices: [] }),
      'utf8',
    );
    expect(await new VoiceLibrary({ dataDir: world.dataDir }).list(world.standin.url)).toEqual([]);
    expect((await readdir(path.dirname(filePath))).some((name) => name.includes('.damaged-'))).toBe(true);
  });

  it('serialises concurrent changes: none is lost', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const base: JobRecord = {
      id: 'j',
      kind: 'voice',
      serviceUrl: world.standin.url,
      status: 'queued',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        library.applyVoiceJob({
          ...base,
          id: `job-${index}`,
          voiceName: `Voice ${index}`,
          createdAt: `2025-01-01T00:00:${String(index).padStart(2, '0')}.000Z`,
        }),
      ),
    );
    const names = (await new VoiceLibrary({ dataDir: world.dataDir }).list(world.standin.url)).map(
      (entry) => entry.serviceName,
    );
    expect(names).toEqual(Array.from({ length: 20 }, (_, index) => `Voice ${19 - index}`));
  });
});
