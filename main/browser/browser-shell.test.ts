import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { defaultProjectExportSettings } from '../../common/export/index.js';
import { createProject } from '../../common/project/index.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { startOriginServer } from '../services/media/test-support/origin-server.js';
import { MemorySecretStore } from '../services/secrets/memory-secret-store.js';
import type { RunningBrowserShell } from './browser-shell.js';
import { startBrowserShell } from './browser-shell.js';

interface Connection {
  socket: WebSocket;
  call(method: string, input?: unknown): Promise<unknown>;
  events: unknown[];
  /** Every frame's text as it arrived. */
  frames: string[];
}

function connect(url: string, headers: Record<string, string>): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const waiting = new Map<number, (value: unknown) => void>();
    const events: unknown[] = [];
    const frames: string[] = [];
    let nextId = 1;
    socket.on('message', (data) => {
      frames.push(data.toString());
      const frame = JSON.parse(data.toString()) as { type: string; id?: number; response?: unknown };
      if (frame.type === 'response' && frame.id !== undefined) waiting.get(frame.id)?.(frame.response);
      else events.push(frame);
    });
    socket.once('open', () =>
      resolve({
        socket,
        events,
        frames,
        call: (method, input) =>
          new Promise((done) => {
            const id = nextId++;
            waiting.set(id, done);
            socket.send(JSON.stringify({ type: 'request', id, method, input }));
          }),
      }),
    );
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

describe('browser shell', () => {
  let shell: RunningBrowserShell;
  let dataDir: string;
  let secret: string;
  let wsUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-shell-'));
    const rendererDir = path.join(dataDir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Timbre Studio</title>');
    await writeFile(path.join(rendererDir, 'chooser.html'), '<!doctype html><title>Choose a place</title>');
    shell = await startBrowserShell({
      dataDir,
      rendererDir,
      appVersion: '9.9.9',
      logger: new MemoryLogger(),
      secrets: new MemorySecretStore(),
    });
    secret = new URL(shell.url).hash.replace('#secret=', '');
    wsUrl = `${shell.origin.replace('http', 'ws')}/ipc`;
  });

  afterAll(async () => {
    await shell.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 with a long random secret in the URL fragment', () => {
    const url = new URL(shell.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });

  it('serves the renderer with a strict CSP and refuses a foreign Host header', async () => {
    const page = await fetch(shell.origin);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('Timbre Studio');
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(shell.origin, { headers: { Host: 'evil.example:80' } }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });

  it('refuses a WebSocket without the secret', async () => {
    await expect(connect(wsUrl, { Origin: shell.origin })).rejects.toThrow('refused 401');
  });

  it('refuses a WebSocket with a wrong secret of the same length', async () => {
    const wrong = secret.replace(/./g, 'a');
    await expect(connect(`${wsUrl}?secret=${wrong}`, { Origin: shell.origin })).rejects.toThrow(
      'refused 401',
    );
  });

  it('refuses a WebSocket from a foreign Origin even with the secret', async () => {
    await expect(connect(`${wsUrl}?secret=${secret}`, { Origin: 'http://evil.example' })).rejects.toThrow(
      'refused 403',
    );
  });

  it('refuses a WebSocket with no Origin (another local process)', async () => {
    await expect(connect(`${wsUrl}?secret=${secret}`, {})).rejects.toThrow('refused 403');
  });

  it('carries the contract for our own page and pushes events', async () => {
    const connection = await connect(`${wsUrl}?secret=${secret}`, { Origin: shell.origin });
    try {
      expect(await connection.call('app.info')).toMatchObject({
        ok: true,
        result: { name: 'Timbre Studio', version: '9.9.9', shell: 'browser' },
      });
      const saved = await connection.call('services.save', {
        url: 'http://127.0.0.1:8787/',
        label: 'Local',
        plan: 'paid',
      });
      expect(saved).toMatchObject({ ok: true, result: { activeServiceUrl: 'http://127.0.0.1:8787' } });
      expect(connection.events).toContainEqual(
        expect.objectContaining({ type: 'event', name: 'settings.changed' }),
      );
      // Text beyond ASCII arrives escaped (a one-byte string in the page, decoded on Chromium's fast path).
      const framesBefore = connection.frames.length;
      const labelled = await connection.call('services.save', {
        url: 'http://127.0.0.1:8788/',
        label: 'Studio “Köln” — 東京',
        plan: 'paid',
      });
      expect(labelled).toMatchObject({
        ok: true,
        result: {
          services: expect.arrayContaining([expect.objectContaining({ label: 'Studio “Köln” — 東京' })]),
        },
      });
      const newFrames = connection.frames.slice(framesBefore);
      expect(newFrames.some((frame) => frame.includes('Studio \\u201cK\\u00f6ln\\u201d'))).toBe(true);
      expect(newFrames.every((frame) => [...frame].every((char) => char.charCodeAt(0) < 0x80))).toBe(true);
      expect(await connection.call('settings.setTheme', { theme: 'neon' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', field: 'theme' },
      });
    } finally {
      connection.socket.close();
    }
  });

  it('closes a connection that sends a malformed frame', async () => {
    const connection = await connect(`${wsUrl}?secret=${secret}`, { Origin: shell.origin });
    const closed = new Promise<number>((resolve) => connection.socket.once('close', (code) => resolve(code)));
    connection.socket.send('{not json');
    expect(await closed).toBe(1003);
  });

  it('survives a 70 MB frame and a frame of invalid UTF-8: only that connection closes', async () => {
    const big = await connect(`${wsUrl}?secret=${secret}`, { Origin: shell.origin });
    const bigClosed = new Promise<number>((resolve) => big.socket.once('close', (code) => resolve(code)));
    big.socket.on('error', () => undefined);
    big.socket.send('x'.repeat(70 * 1024 * 1024));
    expect(await bigClosed).toBe(1009);

    const garbled = await connect(`${wsUrl}?secret=${secret}`, { Origin: shell.origin });
    const garbledClosed = new Promise<number>((resolve) =>
      garbled.socket.once('close', (code) => resolve(code)),
    );
    garbled.socket.on('error', () => undefined);
    // A text frame whose bytes are not UTF-8: `ws` refuses it with 1007.
    const rawSocket = (garbled.socket as unknown as { _socket: Socket })._socket;
    rawSocket.write(Buffer.from([0x81, 0x82, 0x12, 0x34, 0x56, 0x78, 0xff ^ 0x12, 0xfe ^ 0x34]));
    expect(await garbledClosed).toBe(1007);

    // The process and its other connections carry on.
    const after = await connect(`${wsUrl}?secret=${secret}`, { Origin: shell.origin });
    try {
      expect(await after.call('app.info')).toMatchObject({ ok: true, result: { name: 'Timbre Studio' } });
      expect(after.events[0]).toMatchObject({ type: 'hello', launchId: expect.any(String) });
    } finally {
      after.socket.close();
    }
  });

  it('serves /media/ only to the page holding the secret (through its session cookie)', async () => {
    const origin = await startOriginServer();
    const id = shell.services.media.register(`${origin.url}/voice.wav`);
    const mediaUrl = `${shell.origin}/media/${id}.wav`;
    expect((await fetch(mediaUrl)).status).toBe(401);
    const wrong = await fetch(`${shell.origin}/session`, {
      method: 'POST',
      headers: { 'x-timbre-secret': 'nope', origin: shell.origin },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const session = await fetch(`${shell.origin}/session`, {
      method: 'POST',
      headers: { 'x-timbre-secret': secret, origin: shell.origin },
    });
    expect(session.status).toBe(204);
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(session.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict; Path=\/media/);
    const allowed = await fetch(mediaUrl, { headers: { cookie } });
    expect(allowed.status).toBe(200);
    expect(Buffer.from(await allowed.arrayBuffer()).equals(origin.wav)).toBe(true);
    expect((await fetch(mediaUrl, { headers: { cookie: `${cookie}x` } })).status).toBe(401);
    await origin.close();
  });

  describe('file chooser', () => {
    const project = createProject({ title: 'Show' });
    let page: Connection;
    let places: string;

    beforeAll(async () => {
      page = await connect(`${wsUrl}?secret=${secret}`, { Origin: shell.origin });
      places = await mkdtemp(path.join(tmpdir(), 'timbre-chooser-'));
    });

    afterAll(async () => {
      page.socket.close();
      await rm(places, { recursive: true, force: true });
    });

    /** What export.start says of a destination: refused (not chosen) or on to the project (chosen). */
    async function exportTo(outputPath: string): Promise<'refused' | 'allowed'> {
      const answer = (await page.call('export.start', {
        project,
        settings: defaultProjectExportSettings,
        outputPath,
      })) as { ok: boolean; error?: { field?: string } };
      if (!answer.ok && answer.error?.field === 'outputPath') return 'refused';
      expect(answer).toMatchObject({ ok: true, result: { ok: false, reason: 'empty' } });
      return 'allowed';
    }

    async function openChoice(kind: 'save-file' | 'folder', initialPath: string): Promise<string> {
      const opened = (await page.call('files.openChooser', { kind, initialPath })) as {
        ok: true;
        result: { choiceId: string; url: string };
      };
      expect(opened.ok).toBe(true);
      // Another origin than the page's: the same-origin policy keeps the page out of the chooser window.
      const url = new URL(opened.result.url);
      expect(url.origin).toBe(shell.chooserOrigin);
      expect(url.origin).not.toBe(shell.origin);
      return opened.result.choiceId;
    }

    /** A call to the chooser's API as a browser would send it from `from` (the chooser page, or another page). */
    function chooserCall(
      pathAndQuery: string,
      options: { method?: 'GET' | 'POST'; from?: string; choiceId?: string; body?: unknown; site?: string },
    ): Promise<Response> {
      const headers: Record<string, string> = { 'sec-fetch-site': options.site ?? 'same-origin' };
      if (options.from !== undefined) headers.origin = options.from;
      if (options.choiceId !== undefined) headers['x-timbre-choice'] = options.choiceId;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${shell.chooserOrigin}${pathAndQuery}`, {
        method: options.method ?? 'GET',
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
    }

    it('grants nothing for a path the page names: the old files.choose and files.browse are gone', async () => {
      const victim = path.join(places, 'Show.wav');
      expect(await page.call('files.choose', { path: victim, kind: 'save-file' })).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_METHOD' },
      });
      expect(await page.call('files.browse', { folder: '/' })).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_METHOD' },
      });
      expect(await exportTo(victim)).toBe('refused');
      // Opening a choice with that path as its starting point grants nothing either.
      const choiceId = await openChoice('save-file', victim);
      expect(await exportTo(victim)).toBe('refused');
      await page.call('files.closeChooser', { choiceId });
    });

    it('answers the chooser API only to the chooser page: the app page can neither list nor pick', async () => {
      const victim = path.join(places, 'Victim.wav');
      const choiceId = await openChoice('save-file', victim);
      // The app page's own requests carry its Origin (or a cross-site Sec-Fetch-Site) and are refused.
      for (const attempt of [
        chooserCall('/api/pick', { method: 'POST', from: shell.origin, choiceId, body: { path: victim } }),
        chooserCall('/api/pick', {
          method: 'POST',
          from: shell.origin,
          body: { path: victim },
          site: 'same-site',
        }),
        chooserCall(`/api/browse?folder=${encodeURIComponent(places)}`, { from: shell.origin, choiceId }),
        chooserCall('/api/browse?folder=/', { choiceId, site: 'same-site' }),
        chooserCall(`/api/cancel?choice=${choiceId}`, { method: 'POST', from: shell.origin }),
        chooserCall('/api/pick', { method: 'OPTIONS' as 'GET', from: shell.origin }),
      ]) {
        const response = await attempt;
        expect(response.status).toBe(403);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      }
      // Without the choice's id (no header: what a form or beacon from elsewhere could send) there is no choice.
      const noId = await chooserCall('/api/pick', {
        method: 'POST',
        from: shell.chooserOrigin,
        body: { path: victim },
      });
      expect(noId.status).toBe(404);
      expect((await chooserCall('/api/browse?folder=/', {})).status).toBe(404);
      // A foreign Host (DNS rebinding) reaches nothing.
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${shell.chooserOrigin}/choose`, { headers: { Host: 'evil.example' } }, (res) =>
          resolve(res.statusCode ?? 0),
        );
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(421);
      expect(await exportTo(victim)).toBe('refused');
      await page.call('files.closeChooser', { choiceId });
    });

    it('grants the place the user picks in the chooser page, once, and nothing beside it', async () => {
      const suggested = path.join(places, 'Show.wav');
      const picked = path.join(places, 'picked', 'Episode.wav');
      const choiceId = await openChoice('save-file', suggested);
      const chooserPage = await chooserCall('/choose', {});
      expect(chooserPage.status).toBe(200);
      expect(chooserPage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(chooserPage.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(await (await chooserCall('/api/choice', { choiceId })).json()).toEqual({
        kind: 'save-file',
        initialPath: suggested,
        home: homedir(),
      });
      const listing = await chooserCall(`/api/browse?folder=${encodeURIComponent(places)}`, { choiceId });
      expect(listing.status).toBe(200);
      expect(await listing.json()).toMatchObject({ folder: places });

      const answer = page.call('files.chooserAnswer', { choiceId });
      const pick = await chooserCall('/api/pick', {
        method: 'POST',
        from: shell.chooserOrigin,
        choiceId,
        body: { path: picked },
      });
      expect(pick.status).toBe(204);
      expect(await answer).toEqual({ ok: true, result: { path: picked } });
      expect(await exportTo(picked)).toBe('allowed');
      expect(await exportTo(suggested)).toBe('refused');
      expect(await exportTo(path.join(places, 'picked', 'Other.wav'))).toBe('refused');
      // The id is spent: a second pick with it grants nothing.
      const again = await chooserCall('/api/pick', {
        method: 'POST',
        from: shell.chooserOrigin,
        choiceId,
        body: { path: suggested },
      });
      expect(again.status).toBe(404);
      expect(await exportTo(suggested)).toBe('refused');
    });

    it('grants nothing when the user cancels or closes the chooser window', async () => {
      const target = path.join(places, 'Cancelled.wav');
      const choiceId = await openChoice('save-file', target);
      const answer = page.call('files.chooserAnswer', { choiceId });
      // What the closing window sends (navigator.sendBeacon: no header, the id in the query).
      const cancel = await chooserCall(`/api/cancel?choice=${choiceId}`, {
        method: 'POST',
        from: shell.chooserOrigin,
      });
      expect(cancel.status).toBe(204);
      expect(await answer).toEqual({ ok: true, result: { path: null } });
      expect(await exportTo(target)).toBe('refused');
      const late = await chooserCall('/api/pick', {
        method: 'POST',
        from: shell.chooserOrigin,
        choiceId,
        body: { path: target },
      });
      expect(late.status).toBe(404);
      expect(await exportTo(target)).toBe('refused');
    });

    it('grants everything under "/" when the user picks the root folder', async () => {
      const inside = path.join(places, 'deep', 'Show.wav');
      expect(await exportTo(inside)).toBe('refused');
      const choiceId = await openChoice('folder', '/');
      const answer = page.call('files.chooserAnswer', { choiceId });
      await chooserCall('/api/pick', {
        method: 'POST',
        from: shell.chooserOrigin,
        choiceId,
        body: { path: '/' },
      });
      expect(await answer).toEqual({ ok: true, result: { path: '/' } });
      expect(await exportTo(inside)).toBe('allowed');
    });
  });
});
