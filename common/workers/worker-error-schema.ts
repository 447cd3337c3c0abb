import { z } from 'zod';

/**
 * Checks a WorkerError (worker-error.ts) inside a protocol's schema, where the messages are checked. Kept apart so
 * a worker whose messages are not checked (the page's inflater) does not bundle zod.
 */
export const workerErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.unknown()).optional(),
});
