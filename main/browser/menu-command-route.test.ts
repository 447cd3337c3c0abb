import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../common/ipc/menu-commands.js';
import { MENU_COMMAND_PATH, handleMenuCommand } from './menu-command-route.js';

describe('the browser shell’s menu command route', () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  async function serve(emitted: MenuCommand[]): Promise<string> {
    const server = createServer((request, response) =>
      handleMenuCommand(request, response, 'the-secret', (command) => emitted.push(command)),
    );
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
});
