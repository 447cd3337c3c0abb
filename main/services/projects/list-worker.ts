import { parentPort } from 'node:worker_threads';
import { projectFileTextOf, readProjectFile } from '../../../common/project/index.js';
import { sendContext } from '../../../common/project/send-context.js';
import { openOwnerChannel } from '../../../common/workers/worker-channel.js';
import { installNativeSha256 } from '../../platform/native-sha256.js';
import { parentEndpoint } from '../workers/node-endpoint.js';
import type { CountedFile } from './listed-figures.js';
import { listedFigures } from './listed-figures.js';
import type { ListWorkerProtocol } from './list-worker-protocol.js';
import { listWorkerRequestSchema } from './list-worker-protocol.js';

/**
 * A list worker: counts project files for the list (list-workers.ts starts them while a listing reads many files,
 * the first listing of a library), so parsing and counting run on every core. It keeps nothing between files.
 */

const port = parentPort;
if (!port) throw new Error('list-worker must run in a worker thread');
installNativeSha256();

const channel = openOwnerChannel<ListWorkerProtocol>(
  parentEndpoint(port),
  {
    count: ({ id, bytes }) => {
      try {
        channel.send({ type: 'counted', id, counted: countedFile(bytes) });
      } catch (error) {
        channel.send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
      }
    },
  },
  { check: listWorkerRequestSchema },
);

/**
 * Counted without pronunciation rules, which stay in main: main takes these figures only for a project whose
 * service has none, and counts any other itself (project-listing.ts).
 */
function countedFile(bytes: Uint8Array): CountedFile {
  const result = readProjectFile(projectFileTextOf(bytes));
  if (!result.ok) return { ok: false, problem: result.problem, message: result.message };
  const { project } = result;
  return {
    ok: true,
    figures: listedFigures(project, sendContext(project, [])),
    serviceUrl: project.serviceUrl,
  };
}
