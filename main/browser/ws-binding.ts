import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Dispatch } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Logger } from '../services/logging/logger.js';
import type { ConnectionGuardOptions } from './connection-guard.js';
import { checkConnection } from './connection-guard.js';

const requestFrameSchema = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  method: z.string(),
  input: z.unknown().optional(),
});

/** Largest frame a page may send; generous for project documents, small enough to refuse floods. */
const maxFrameBytes = 64 * 1024 * 1024;

/**
 * Carries the IPC contract over a WebSocket for the browser shell: the same dispatcher as Electron's
 * ipcMain binding, and the same events.
 */
export class WebSocketBinding {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  private readonly unsubscribe: () => void;

  constructor(
    private readonly dispatch: Dispatch,
    events: EventHub,
    private readonly guard: ConnectionGuardOptions,
    private readonly logger: Logger,
  ) {
    this.server.on('connection', (socket) => this.serve(socket));
    this.unsubscribe = events.subscribe((name, payload) => {
      const frame = JSON.stringify({ type: 'event', name, payload });
      for (const client of this.server.clients) {
        if (client.readyState === client.OPEN) client.send(frame);
      }
    });
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const verdict = checkConnection(request, this.guard);
    if (!verdict.allowed) {
      this.logger.warn(`Refused a WebSocket connection: ${verdict.reason}`);
      socket.end(`HTTP/1.1 ${verdict.status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    this.server.handleUpgrade(request, socket, head, (client) =>
      this.server.emit('connection', client, request),
    );
  }

  async close(): Promise<void> {
    this.unsubscribe();
    for (const client of this.server.clients) client.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: WebSocket): void {
    socket.on('message', (data) => {
      void this.answer(socket, data.toString());
    });
  }

  private async answer(socket: WebSocket, text: string): Promise<void> {
    let frame: z.infer<typeof requestFrameSchema>;
    try {
      frame = requestFrameSchema.parse(JSON.parse(text));
    } catch {
      socket.close(1003, 'Malformed request frame');
      return;
    }
    const response = await this.dispatch(frame.method, frame.input);
    if (socket.readyState === socket.OPEN) {
      socket.send(JSON.stringify({ type: 'response', id: frame.id, response }));
    }
  }
}
