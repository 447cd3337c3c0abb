import type { WorkerProtocol } from '../../common/workers/worker-channel.js';
import type { WorkerError } from '../../common/workers/worker-error.js';

/** One compressed frame to inflate, handed over (not copied); `id` names its answer. */
type InflateRequest = { readonly type: 'inflate'; readonly id: number; readonly bytes: ArrayBuffer };

type InflateAnswer =
  /** The inflated JSON, UTF-8, handed over. */
  | { readonly type: 'inflated'; readonly id: number; readonly bytes: ArrayBuffer }
  | { readonly type: 'failed'; readonly id: number; readonly error: WorkerError };

/**
 * The page and its inflate worker. Neither side checks the other's messages: both are this page's own code, and
 * the bytes are what the page itself received from main.
 */
export type InflateProtocol = WorkerProtocol<InflateRequest, InflateAnswer>;
