import type { RevisionChange } from '../../../../common/import/revision-match.js';
import { openWorkerChannel } from '../../../../common/workers/worker-channel.js';
import { fromWorkerError } from '../../../../common/workers/worker-error.js';
import { webWorkerEndpoint } from '../../../bridge/web-endpoint.js';
import type { RevisionMatchProtocol } from './revision-match-protocol.js';

/** A comparison running in its worker: its answer, and how to end it early. */
export interface RevisionMatchJob {
  readonly changes: Promise<readonly RevisionChange[]>;
  /** Ends the worker at once (the match is one long computation no message could interrupt); the answer never comes. */
  cancel(): void;
}

/**
 * Matches the project's block texts to the revision's paragraphs in a worker of its own (revision-match-worker.ts),
 * so the page stays responsive; a worker per comparison, so that a cancelled one (the dialog closed, another file
 * picked) stops using a core at once.
 */
export function startRevisionMatch(
  oldTexts: readonly string[],
  newTexts: readonly string[],
): RevisionMatchJob {
  let settle: { resolve(changes: readonly RevisionChange[]): void; reject(error: Error): void } | undefined;
  const changes = new Promise<readonly RevisionChange[]>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const worker = new Worker(new URL('./revision-match-worker.ts', import.meta.url), { type: 'module' });
  const channel = openWorkerChannel<RevisionMatchProtocol>(
    webWorkerEndpoint(worker),
    {
      matched: (answer) => finish(() => settle?.resolve(answer.changes)),
      failed: (answer) => finish(() => settle?.reject(fromWorkerError(answer.error))),
    },
    { onFailure: (error) => finish(() => settle?.reject(error)) },
  );
  const finish = (then: () => void): void => {
    then();
    settle = undefined;
    void channel.close();
  };
  channel.send({ type: 'match', oldTexts, newTexts });
  return {
    changes,
    cancel: () => {
      settle = undefined;
      void channel.close();
    },
  };
}
