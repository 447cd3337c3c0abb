import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { MAX_IPC_FRAME_BYTES } from '../../common/ipc/limits.js';
import type { Dispatch } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Logger } from '../services/logging/logger.js';
import type { ConnectionGuardOptions } from './connection-guard.js';
import { checkConnection } from './connection-guard.js';
import { asciiFrame } from './ascii-frame.js';
import { answerPieces } from './answer-frame.js';
import { frameOf } from './frame-deflate.js';
import { frameText } from './frame-text.js';
import { OrderedSender } from './ordered-sender.js';

const requestFrameSchema = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  method: z.string(),
  input: z.unknown().optional(),
});

/**
 * Carries the IPC contract over a WebSocket for the browser shell: the same dispatcher as Electron's
 * ipcMain binding, and the same events.
 */
export class WebSocketBinding {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_IPC_FRAME_BYTES });
  private readonly unsubscribe: () => void;
  private readonly senders = new WeakMap<WebSocket, OrderedSender>();
  /** Tells a page that reconnects whether it is still talking to the launch it was opened from. */
  readonly launchId = randomUUID();

  constructor(
    private readonly dispatch: Dispatch,
    events: EventHub,
    private readonly guard: ConnectionGuardOptions,
    private readonly logger: Logger,
  ) {
    this.server.on('connection', (socket) => this.serve(socket));
    this.server.on('error', (error) => this.logger.warn(`WebSocket server error: ${error.message}`));
    this.unsubscribe = events.subscribe((name, payload) => {
      const data = asciiFrame(JSON.stringify({ type: 'event', name, payload }));
      for (const client of this.server.clients) this.senders.get(client)?.push({ data, binary: false });
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
    // Without this, one oversized frame (ws closes it with 1009) or one frame of invalid UTF-8 (1007) is an
    // unhandled 'error' event that ends the whole process: running jobs, exports and unsaved edits with it.
    // Only that connection closes; the page reconnects.
    socket.on('error', (error) => {
      this.logger.warn(`Closed a page connection after a bad message: ${error.message}`);
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        socket.close(1003, 'Binary frames are not accepted');
        return;
      }
      void this.answer(socket, frameText(data)).catch((error: unknown) => {
        this.logger.error('Answering a page request failed', error);
      });
    });
    const sender = new OrderedSender(({ data, binary }) => {
      if (socket.readyState === socket.OPEN) socket.send(data, { binary });
    });
    this.senders.set(socket, sender);
    sender.push({
      data: Buffer.from(JSON.stringify({ type: 'hello', launchId: this.launchId })),
      binary: false,
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
    if (socket.readyState !== socket.OPEN) return;
    let pieces = answerPieces(frame.id, response);
    if (pieces.reduce((sum, piece) => sum + piece.length, 0) > MAX_IPC_FRAME_BYTES) {
      pieces = [
        asciiFrame(
          JSON.stringify({
            type: 'response',
            id: frame.id,
            response: {
              ok: false,
              error: {
                code: 'INTERNAL',
                message: `The answer to ${frame.method} is too large to send to the page (over ${MAX_IPC_FRAME_BYTES / 1024 / 1024} MB).`,
              },
            },
          }),
        ),
      ];
    }
    // Text frames are the JSON's UTF-8 (ASCII when escaped); long answers go compressed (frame-deflate.ts), and
    // should compressing ever fail, as text.
    const uncompressed = pieces;
    this.senders.get(socket)?.push(
      frameOf(pieces).catch((error: unknown) => {
        this.logger.warn(
          `Sent an answer uncompressed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return { data: Buffer.concat(uncompressed), binary: false };
      }),
    );
  }
}
