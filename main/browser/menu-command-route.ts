import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MenuCommand } from '../../common/ipc/menu-commands.js';
import { MENU_COMMANDS } from '../../common/ipc/menu-commands.js';
import { formatBytes } from '../../common/text/index.js';
import { sameSecret } from './media-session.js';

/** Where the browser shell takes a native-menu command. */
export const MENU_COMMAND_PATH = '/menu-command';

const MAX_BODY_BYTES = 1024;

/**
 * The browser shell has no native menu, so this is how scripts and the end-to-end tests choose a menu item: a
 * POST of `{"command": "<id>"}` with the page's secret in `x-timbre-secret` makes main emit exactly the
 * `menu.command` event Electron's menu emits (electron-main.ts), and the page runs the command by id through its
 * registry. Only the ids of MENU_COMMANDS are taken; a request from a web page cannot send the header without a
 * CORS preflight, which is never granted.
 */
export function handleMenuCommand(
  request: IncomingMessage,
  response: ServerResponse,
  secret: string,
  emit: (command: MenuCommand) => void,
): void {
  const given = request.headers['x-timbre-secret'];
  if (request.method !== 'POST') {
    response.writeHead(405, { Allow: 'POST' }).end();
    return;
  }
  if (typeof given !== 'string' || !sameSecret(given, secret)) {
    response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Wrong or missing secret.');
    return;
  }
  let answered = false;
  const tooLarge = (): void => {
    // Answer at once and drop the connection, rather than read (and discard) a body that may never end.
    answered = true;
    response
      .writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
      .end(`The body must be at most ${formatBytes(MAX_BODY_BYTES)}.`, () => request.destroy());
  };
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    tooLarge();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    if (answered) return;
    size += chunk.length;
    if (size > MAX_BODY_BYTES) tooLarge();
    else chunks.push(chunk);
  });
  // The client went away mid-body: nothing to run and no one to answer (unheard, the error would end main).
  request.on('error', () => {
    answered = true;
    response.destroy();
  });
  request.on('end', () => {
    if (answered) return;
    answered = true;
    const command = commandOf(Buffer.concat(chunks).toString('utf8'));
    if (command === undefined) {
      response
        .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(`The body must be {"command": …} naming one of: ${MENU_COMMANDS.join(', ')}.`);
      return;
    }
    emit(command);
    response.writeHead(204).end();
  });
}

function commandOf(body: string): MenuCommand | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    const command =
      typeof parsed === 'object' && parsed !== null ? (parsed as { command?: unknown }).command : undefined;
    return MENU_COMMANDS.find((known) => known === command);
  } catch {
    return undefined;
  }
}
