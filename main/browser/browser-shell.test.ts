import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startOriginServer } from '../services/media/test-support/origin-server.js';
import { connect, useBrowserShell } from './test-support/browser-shell-world.js';

describe('browser shell', () => {
  const world = useBrowserShell();

  it('listens on 127.0.0.1 with a long random world.secret in the URL fragment', () => {
    const url = new URL(world.shell.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(world.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('serves the renderer with a strict CSP and refuses a foreign Host header', async () => {
    const page = await fetch(world.shell.origin);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('Timbre Studio');
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(world.shell.origin, { headers: { Host: 'evil.example:80' } }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });

  it('refuses a WebSocket without the world.secret', async () => {
    await expect(connect(world.wsUrl, { Origin: world.shell.origin })).rejects.toThrow('refused 401');
  });

  it('refuses a WebSocket with a wrong world.secret of the same length', async () => {
    const wrong = world.secret.replace(/./g, 'a');
    await expect(connect(`${world.wsUrl}?secret=${wrong}`, { Origin: world.shell.origin })).rejects.toThrow(
      'refused 401',
    );
  });

  it('refuses a WebSocket from a foreign Origin even with the world.secret', async () => {
    await expect(
      connect(`${world.wsUrl}?secret=${world.secret}`, { Origin: 'http://evil.example' }),
    ).rejects.toThrow('refused 403');
  });

  it('refuses a WebSocket with no Origin (another local process)', async () => {
    await expect(connect(`${world.wsUrl}?secret=${world.secret}`, {})).rejects.toThrow('refused 403');
  });

  it('carries the contract for our own page and pushes events', async () => {
    const connection = await connect(`${world.wsUrl}?secret=${world.secret}`, {
      Origin: world.shell.origin,
    });
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
    const connection = await connect(`${world.wsUrl}?secret=${world.secret}`, {
      Origin: world.shell.origin,
    });
    const closed = new Promise<number>((resolve) => connection.socket.once('close', (code) => resolve(code)));
    connection.socket.send('{not json');
    expect(await closed).toBe(1003);
  });

  it('survives a 70 MB frame and a frame of invalid UTF-8: only that connection closes', async () => {
    const big = await connect(`${world.wsUrl}?secret=${world.secret}`, { Origin: world.shell.origin });
    const bigClosed = new Promise<number>((resolve) => big.socket.once('close', (code) => resolve(code)));
    big.socket.on('error', () => undefined);
    big.socket.send('x'.repeat(70 * 1024 * 1024));
    expect(await bigClosed).toBe(1009);

    const garbled = await connect(`${world.wsUrl}?secret=${world.secret}`, {
      Origin: world.shell.origin,
    });
    const garbledClosed = new Promise<number>((resolve) =>
      garbled.socket.once('close', (code) => resolve(code)),
    );
    garbled.socket.on('error', () => undefined);
    // A text frame whose bytes are not UTF-8: `ws` refuses it with 1007.
    const rawSocket = (garbled.socket as unknown as { _socket: Socket })._socket;
    rawSocket.write(Buffer.from([0x81, 0x82, 0x12, 0x34, 0x56, 0x78, 0xff ^ 0x12, 0xfe ^ 0x34]));
    expect(await garbledClosed).toBe(1007);

    // The process and its other connections carry on.
    const after = await connect(`${world.wsUrl}?secret=${world.secret}`, {
      Origin: world.shell.origin,
    });
    try {
      expect(await after.call('app.info')).toMatchObject({ ok: true, result: { name: 'Timbre Studio' } });
      expect(after.events[0]).toMatchObject({ type: 'hello', launchId: expect.any(String) });
    } finally {
      after.socket.close();
    }
  });

  it('serves /media/ only to the page holding the world.secret (through its session cookie)', async () => {
    const origin = await startOriginServer();
    const id = world.shell.services.media.register(`${origin.url}/voice.wav`);
    const mediaUrl = `${world.shell.origin}/media/${id}.wav`;
    expect((await fetch(mediaUrl)).status).toBe(401);
    const wrong = await fetch(`${world.shell.origin}/session`, {
      method: 'POST',
      headers: { 'x-timbre-secret': 'nope', origin: world.shell.origin },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const session = await fetch(`${world.shell.origin}/session`, {
      method: 'POST',
      headers: { 'x-timbre-secret': world.secret, origin: world.shell.origin },
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
});
