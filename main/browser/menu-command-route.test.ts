import type { IncomingMessage } from 'node:http';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../common/ipc/menu-commands.js';
import { MENU_COMMAND_PATH, handleMenuCommand } from './menu-command-route.js';

describe('the browser shell’s menu command route', () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  async function serve(emitted: MenuCommand[], requests: IncomingMessage[] = []): Promise<string> {
    const server = createServer((request, response) => {
      requests.push(request);
      handleMenuCommand(request, response, 'the-secret', (command) => emitted.push(command));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}${MENU_COMMAND_PATH}`;
  }

  it('emits the menu command the page’s secret asks for, and nothing else', async () => {
    const emitted: MenuCommand[] = [];
    const url = await serve(emitted);
    const post = (body: string, secret = 'the-secret') =>
      fetch(url, { method: 'POST', headers: { 'x-timbre-secret': secret }, body });
    expect((await post(JSON.stringify({ command: 'generate' }))).status).toBe(204);
    expect((await post(JSON.stringify({ command: 'generate' }), 'wrong')).status).toBe(401);
    const refused = await post(JSON.stringify({ command: 'delete-everything' }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('naming one of: new-project');
    expect((await post('{')).status).toBe(400);
    expect((await fetch(url)).status).toBe(405);
    expect(emitted).toEqual(['generate']);
  });

  it('refuses a request without the secret header', async () => {
    const emitted: MenuCommand[] = [];
    const url = await serve(emitted);
    const refused = await fetch(url, { method: 'POST', body: JSON.stringify({ command: 'generate' }) });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe('Wrong or missing secret.');
    expect(emitted).toEqual([]);
  });

  /** Starts a POST that writes `body` and never ends, resolving with the status main answers. */
  function postWithoutEnd(url: string, body: string, headers: Record<string, string> = {}): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: { 'x-timbre-secret': 'the-secret', ...headers },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write(body);
    });
  }

  it('answers 413 to a body over 1 KB as soon as it passes the limit, without waiting for its end', async () => {
    const emitted: MenuCommand[] = [];
    const url = await serve(emitted);
    const oversized = JSON.stringify({ command: 'generate', padding: 'x'.repeat(2048) });
    // Streamed (no length given): main stops reading at the limit and answers.
    expect(await postWithoutEnd(url, oversized)).toBe(413);
    // Announced: refused before any of it is read.
    expect(await postWithoutEnd(url, '', { 'content-length': String(oversized.length) })).toBe(413);
    const whole = await fetch(url, {
      method: 'POST',
      headers: { 'x-timbre-secret': 'the-secret' },
      body: oversized,
    });
    expect(whole.status).toBe(413);
    expect(await whole.text()).toBe('The body must be at most 1.0 KB.');
    expect(emitted).toEqual([]);
  });

  it('runs nothing and stays up when the client goes away mid-body', async () => {
    const emitted: MenuCommand[] = [];
    const requests: IncomingMessage[] = [];
    const url = await serve(emitted, requests);
    const closed = new Promise<void>((resolve) => {
      const client = httpRequest(url, {
        method: 'POST',
        headers: { 'x-timbre-secret': 'the-secret', 'content-length': '200' },
      });
      client.on('error', () => undefined);
      client.write('{"command": "gen', () => {
        const waitForServer = (): void => {
          const served = requests[0];
          if (served === undefined) {
            setImmediate(waitForServer);
            return;
          }
          served.on('close', () => resolve());
          client.destroy();
        };
        waitForServer();
      });
    });
    await closed;
    expect(emitted).toEqual([]);
    const after = await fetch(url, {
      method: 'POST',
      headers: { 'x-timbre-secret': 'the-secret' },
      body: JSON.stringify({ command: 'generate' }),
    });
    expect(after.status).toBe(204);
  });
});
