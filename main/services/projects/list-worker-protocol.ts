import { z } from 'zod';
import { lexiconRulesSchema } from '../../../common/pronunciation/lexicon-schema.js';
import type { WorkerProtocol } from '../../../common/workers/worker-channel.js';
import type { CountedFile } from './listed-figures.js';

/** Messages from main to a list worker (checked there: the worker trusts no message's shape). */
export const listWorkerRequestSchema = z.discriminatedUnion('type', [
  /** Each service's pronunciation rules, sent first: the files are counted as main would count them. */
  z.strictObject({ type: z.literal('rules'), services: z.record(z.string(), lexiconRulesSchema) }),
  /** Counts one project file's bytes. */
  z.strictObject({
    type: z.literal('count'),
    id: z.number().int().nonnegative(),
    bytes: z.instanceof(Uint8Array),
  }),
]);
export type ListWorkerRequest = z.infer<typeof listWorkerRequestSchema>;

/** The worker's answer to request `id`: the file counted (or its problem), or why counting it failed. */
export type ListWorkerAnswer =
  | { readonly type: 'counted'; readonly id: number; readonly counted: CountedFile }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

export type ListWorkerProtocol = WorkerProtocol<ListWorkerRequest, ListWorkerAnswer>;
