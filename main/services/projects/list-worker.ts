import { parentPort } from 'node:worker_threads';
import { projectFileTextOf, readProjectFile } from '../../../common/project/index.js';
import { sendContext } from '../../../common/project/send-context.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import { openOwnerChannel } from '../../../common/workers/worker-channel.js';
import { installNativeSha256 } from '../../platform/native-sha256.js';
import { parentEndpoint } from '../workers/node-endpoint.js';
import type { CountedFile } from './listed-figures.js';
import { listedFigures } from './listed-figures.js';
import type { ListWorkerProtocol } from './list-worker-protocol.js';
import { listWorkerRequestSchema } from './list-worker-protocol.js';

/**
 * A list worker: counts project files for the list (list-workers.ts starts them while a listing reads many files,
 * the first listing of a library), so parsing and counting run on more than one core. It keeps nothing between
 * files but the services' pronunciation rules main sent first.
 */

const port = parentPort;
if (!port) throw new Error('list-worker must run in a worker thread');
installNativeSha256();

let rulesByService = new Map<string, readonly LexiconRule[]>();

const channel = openOwnerChannel<ListWorkerProtocol>(
  parentEndpoint(port),
  {
    rules: ({ services }) => {
      rulesByService = new Map(Object.entries(services));
    },
    count: ({ id, bytes }) => {
      try {
        channel.send({ type: 'counted', id, counted: countedFile(bytes) });
      } catch (error) {
        channel.send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
      }
    },
  },
  {
    check: listWorkerRequestSchema,
    // A message it cannot answer ends the worker: main then counts what it held itself, rather than wait for ever.
    onInvalid: (reason) => {
      throw new Error(`The list worker got a message it does not know: ${reason}`);
    },
  },
);

function countedFile(bytes: Uint8Array): CountedFile {
  const result = readProjectFile(projectFileTextOf(bytes));
  if (!result.ok) return { ok: false, problem: result.problem, message: result.message };
  const { project } = result;
  const rules = project.serviceUrl === undefined ? [] : (rulesByService.get(project.serviceUrl) ?? []);
  return {
    ok: true,
    figures: listedFigures(project, sendContext(project, rules)),
    serviceUrl: project.serviceUrl,
  };
}
