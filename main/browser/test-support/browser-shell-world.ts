import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import { MemoryLogger } from '../../services/logging/logger.js';
import { MemorySecretStore } from '../../services/secrets/memory-secret-store.js';
import type { RunningBrowserShell } from '../browser-shell.js';
import { startBrowserShell } from '../browser-shell.js';

/** A browser shell serving a stub renderer for the tests of one describe, and WebSocket pages talking to it. */

export interface Connection {
  socket: WebSocket;
  call(method: string, input?: unknown): Promise<unknown>;
  events: unknown[];
  /** Every frame's text as it arrived. */
  frames: string[];
}

export function connect(url: string, headers: Record<string, string>): Promise<Connection> {
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

/** The running shell of the describe it is called in (its fields are set in beforeAll). */
export interface BrowserShellWorld {
  readonly shell: RunningBrowserShell;
  readonly dataDir: string;
  /** The secret of the shell's URL fragment. */
  readonly secret: string;
  /** The shell's WebSocket address (without the secret). */
  readonly wsUrl: string;
}

export function useBrowserShell(): BrowserShellWorld {
  let shell: RunningBrowserShell | undefined;
  let dataDir = '';
  let secret = '';
  let wsUrl = '';

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
    await shell?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  return {
    get shell() {
      if (!shell) throw new Error('the browser shell is read before its beforeAll ran');
      return shell;
    },
    get dataDir() {
      return dataDir;
    },
    get secret() {
      return secret;
    },
    get wsUrl() {
      return wsUrl;
    },
  };
}
