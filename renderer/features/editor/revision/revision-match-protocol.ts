import type { RevisionChange } from '../../../../common/import/revision-match.js';
import type { WorkerProtocol } from '../../../../common/workers/worker-channel.js';
import type { WorkerError } from '../../../../common/workers/worker-error.js';

/** The project's text blocks and the revision's paragraphs, as text, to match. */
type MatchRequest = {
  readonly type: 'match';
  readonly oldTexts: readonly string[];
  readonly newTexts: readonly string[];
};

type MatchAnswer =
  | { readonly type: 'matched'; readonly changes: readonly RevisionChange[] }
  | { readonly type: 'failed'; readonly error: WorkerError };

/** The re-import dialog and its matching worker: both this page's own code, so neither checks the other. */
export type RevisionMatchProtocol = WorkerProtocol<MatchRequest, MatchAnswer>;
