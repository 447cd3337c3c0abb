import { parentPort } from 'node:worker_threads';
import { runImportJob } from './import-job.js';
import type { ImportBuild, ImportOutbound } from './import-protocol.js';
import { importInboundSchema } from './import-protocol.js';

/**
 * The import worker: one preview or import per thread (import-workers.ts starts a fresh one for each and
 * terminates it to cancel), so parsing a 20 MB file never blocks main's event loop and its memory, capped by the
 * thread's resource limits, is returned when the thread ends.
 */

const port = parentPort;
if (!port) throw new Error('import-worker must run in a worker thread');

let started = false;
/** Settles the job's pending request for main's 'build' answer. */
let answerBuild: ((build: ImportBuild) => void) | undefined;

function send(message: ImportOutbound, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

port.on('message', (raw: unknown) => {
  const parsed = importInboundSchema.safeParse(raw);
  if (!parsed.success) {
    send({
      type: 'failed',
      error: {
        code: 'INTERNAL',
        message: `The import worker got a message it does not know: ${parsed.error.message}`,
      },
    });
    return;
  }
  const message = parsed.data;
  if (message.type === 'build') {
    answerBuild?.(message);
    answerBuild = undefined;
    return;
  }
  if (started) return;
  started = true;
  void runImportJob(message, {
    send,
    askToBuild: (facts) =>
      new Promise((resolve) => {
        answerBuild = resolve;
        send({ type: 'parsed', facts });
      }),
  });
});
