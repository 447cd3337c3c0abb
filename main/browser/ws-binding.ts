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
import { answerFrame } from './answer-frame.js';

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
      const frame = asciiFrame(JSON.stringify({ type: 'event', name, payload }));
      for (const client of this.server.clients) {
        if (client.readyState === client.OPEN) client.send(frame, { binary: false });
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
      void this.answer(socket, data.toString()).catch((error: unknown) => {
        this.logger.error('Answering a page request failed', error);
      });
    });
    socket.send(JSON.stringify({ type: 'hello', launchId: this.launchId }));
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
    let answer = answerFrame(frame.id, response);
    if (answer.length > MAX_IPC_FRAME_BYTES) {
      answer = asciiFrame(
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
      );
    }
    // Sent as a text frame: the bytes are the JSON's UTF-8 (ASCII when escaped), as the page expects.
    socket.send(answer, { binary: false });
  }
}
