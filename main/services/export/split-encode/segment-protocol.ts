import { z } from 'zod';
import { mp3Bitrates } from '../../../../common/export/export-options.js';
import { roomToneSettingsSchema } from '../../../../common/export/room-tone.js';
import type { WorkerProtocol } from '../../../../common/workers/worker-channel.js';
import { workerErrorSchema } from '../../../../common/workers/worker-error-schema.js';

/**
 * Messages between an export and the helper worker that renders the second part of its timeline at the same time
 * (a copy of the export worker in its segment role; split-mp3.ts, split-wav.ts). The plan was validated by the export; the
 * helper reads the decoded sources from the PCM cache the export filled.
 */
export const segmentInboundSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('encode-segment'),
    plan: z.unknown(),
    pcmCacheDir: z.string(),
    /** MP3: bare frames into a file of their own; WAV: samples into the export's own file, from `dataOffset` on. */
    output: z.discriminatedUnion('format', [
      z.object({
        format: z.literal('mp3'),
        bitrateKbps: z.union(mp3Bitrates.map((rate) => z.literal(rate))),
      }),
      z.object({
        format: z.literal('wav'),
        bitDepth: z.union([z.literal(16), z.literal(24)]),
        dataOffset: z.number().int().min(0),
      }),
      /** Nothing written: the part is only measured (part-reuse/ measures a book's changed parts). */
      z.object({ format: z.literal('none') }),
    ]),
    /**
     * The first timeline frame to render: MP3 encodes from a whole number of frames before the split, so LAME is
     * warm there; WAV starts a little before it only to prime the loudness meter.
     */
    fromFrame: z.number().int().min(0),
    /** Where the render stops (a part of the timeline: part-reuse/); the end of the timeline when absent. */
    toFrame: z.number().int().min(0).optional(),
    /** From here on the output is written (WAV) and measured (when `measure` is set); before it, the meter is primed. */
    splitFrame: z.number().int().min(0),
    measure: z.boolean(),
    gain: z.number(),
    ceiling: z.number().optional(),
    limiterReleaseMs: z.number().positive().optional(),
    phaseRotation: z.boolean().optional(),
    /** The room tone the export's own half lays (the bed's settings, or the user's clip already decoded). */
    roomTone: roomToneSettingsSchema.optional(),
    roomToneLoop: z
      .object({
        samples: z.custom<Float32Array>((value) => value instanceof Float32Array, 'must be samples'),
        crossfadeFrames: z.number().int().min(0),
      })
      .optional(),
    /** MP3: how many of its first frames to send back as soon as they exist, for the join. */
    headFrames: z.number().int().positive(),
    /** MP3: a temporary file the export chose and deletes; WAV: the export's own (staged) file. */
    outputPath: z.string(),
  }),
  z.object({ type: z.literal('segment-cancel') }),
]);
export type SegmentInbound = z.infer<typeof segmentInboundSchema>;
export type SegmentJob = Extract<SegmentInbound, { type: 'encode-segment' }>;

export const segmentOutboundSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('segment-head'),
    frames: z.array(z.custom<Uint8Array>((value) => value instanceof Uint8Array)),
  }),
  z.object({ type: z.literal('segment-progress'), fraction: z.number() }),
  z.object({
    type: z.literal('segment-done'),
    frames: z.number().int(),
    meter: z
      .object({
        hops: z.custom<Float64Array>((value) => value instanceof Float64Array),
        hopFill: z.number(),
        hopEnergy: z.number(),
        peak: z.number(),
        sumOfSquares: z.number(),
        frames: z.number(),
      })
      .optional(),
  }),
  z.object({ type: z.literal('segment-failed'), error: workerErrorSchema }),
]);
export type SegmentOutbound = z.infer<typeof segmentOutboundSchema>;

/** An export and its segment helper. */
export type SegmentProtocol = WorkerProtocol<SegmentInbound, SegmentOutbound>;
