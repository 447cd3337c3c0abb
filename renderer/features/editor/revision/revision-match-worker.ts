import { matchRevision } from '../../../../common/import/revision-match.js';
import { openOwnerChannel } from '../../../../common/workers/worker-channel.js';
import { toWorkerError } from '../../../../common/workers/worker-error.js';
import { workerScopeEndpoint } from '../../../bridge/web-endpoint.js';
import type { RevisionMatchProtocol } from './revision-match-protocol.js';

/**
 * Matches a revised manuscript to the project's blocks away from the page (revision-matcher.ts): ~0.5 s for a
 * 10,000-paragraph book, 2–3 s for a rewritten one, which on the page froze the dialog and the editor behind it.
 */
const page = openOwnerChannel<RevisionMatchProtocol>(workerScopeEndpoint(), {
  match: ({ oldTexts, newTexts }) => {
    try {
      page.send({ type: 'matched', changes: matchRevision(oldTexts, newTexts) });
    } catch (error) {
      page.send({ type: 'failed', error: toWorkerError(error) });
    }
  },
});
