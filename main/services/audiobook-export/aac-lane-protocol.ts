import { z } from 'zod';
import { aacBitrates } from '../../../common/export/export-options.js';
import type { WorkerProtocol } from '../../../common/workers/worker-channel.js';
import { workerErrorSchema } from '../../../common/workers/worker-error-schema.js';

/**
 * Messages between an M4B/M4A export and a helper that encodes one stretch of its rendered mix as AAC (a copy of
 * the export worker in its AAC-lane role; aac-encode.ts). Times are in frames of the mix; a packet is kept when
 * its timestamp (its first frame, the encoder's priming counted, so the first is −1,024) is in [keepFrom,
 * keepBefore), null meaning no bound.
 */
export const aacLaneInboundSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('encode-aac-lane'),
    wavPath: z.string().min(1),
    from: z.number().int().min(0),
    to: z.number().int().min(0),
    keepFrom: z.number().int().nullable(),
    keepBefore: z.number().int().nullable(),
    bitrateKbps: z.union(aacBitrates.map((rate) => z.literal(rate))),
    /** The staged packets (aac-lanes.ts' record layout), a temporary file the export chose and deletes. */
    outputPath: z.string().min(1),
  }),
  z.object({ type: z.literal('aac-lane-cancel') }),
]);
export type AacLaneInbound = z.infer<typeof aacLaneInboundSchema>;
export type AacLaneJob = Extract<AacLaneInbound, { type: 'encode-aac-lane' }>;

export const aacLaneOutboundSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('aac-lane-progress'), frames: z.number() }),
  z.object({ type: z.literal('aac-lane-done'), packets: z.number().int() }),
  z.object({ type: z.literal('aac-lane-failed'), error: workerErrorSchema }),
]);
export type AacLaneOutbound = z.infer<typeof aacLaneOutboundSchema>;

export type AacLaneProtocol = WorkerProtocol<AacLaneInbound, AacLaneOutbound>;
