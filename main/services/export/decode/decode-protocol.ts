import { z } from 'zod';
import type { WorkerProtocol } from '../../../../common/workers/worker-channel.js';
import { workerErrorSchema } from '../../../../common/workers/worker-error-schema.js';

/**
 * Messages between an export and the helper workers it starts to decode sources in parallel (copies
 * of the export worker acting in their decode role). One source per 'decode-source' message; the
 * helper answers with byte progress and then 'decode-done' or 'decode-failed' for that key.
 */
export const decodeInboundSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('decode-source'),
    key: z.string(),
    path: z.string(),
    sampleRate: z.number().int().positive(),
    pcmCacheDir: z.string(),
  }),
  z.object({ type: z.literal('decode-cancel') }),
]);
export type DecodeInbound = z.infer<typeof decodeInboundSchema>;

export const decodeOutboundSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('decode-bytes'), key: z.string(), bytes: z.number() }),
  z.object({ type: z.literal('decode-done'), key: z.string() }),
  z.object({ type: z.literal('decode-failed'), key: z.string(), error: workerErrorSchema }),
]);
export type DecodeOutbound = z.infer<typeof decodeOutboundSchema>;

/** An export and one of its decode helpers. */
export type DecodeProtocol = WorkerProtocol<DecodeInbound, DecodeOutbound>;
