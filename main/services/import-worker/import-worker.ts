import { parentPort } from 'node:worker_threads';
import { IpcError } from '../../../common/ipc/errors.js';
import { PendingRequests } from '../../../common/workers/pending-requests.js';
import { openOwnerChannel } from '../../../common/workers/worker-channel.js';
import { toWorkerError } from '../../../common/workers/worker-error.js';
import { parentEndpoint } from '../workers/node-endpoint.js';
import { runImportJob } from './import-job.js';
import type { ImportBuild, ImportProtocol } from './import-protocol.js';
import { importInboundSchema } from './import-protocol.js';

/**
 * The import worker: one preview or import per thread (import-workers.ts starts a fresh one for each and
 * terminates it to cancel), so parsing a 20 MB file never blocks main's event loop and its memory, capped by the
 * thread's resource limits, is returned when the thread ends.
 */

const port = parentPort;
if (!port) throw new Error('import-worker must run in a worker thread');

let started = false;
/** main's 'build' answers to the job's 'parsed' questions. */
const builds = new PendingRequests<ImportBuild>();

// Main's messages are checked (the worker trusts no message's shape); one it does not know fails the run.
const channel = openOwnerChannel<ImportProtocol>(
  parentEndpoint(port),
  {
    start: (message) => {
      if (started) return;
      started = true;
      void runImportJob(message, {
        send: (outbound, transfer) => channel.send(outbound, transfer),
        askToBuild: (facts) => builds.ask((id) => channel.send({ type: 'parsed', id, facts })),
      });
    },
    build: (message) => builds.answer(message.id, message),
  },
  {
    check: importInboundSchema,
    onInvalid: (reason) =>
      channel.send({
        type: 'failed',
        error: toWorkerError(
          new IpcError({
            code: 'INTERNAL',
            message: `The import worker got a message it does not know: ${reason}`,
          }),
        ),
      }),
  },
);
