import { z } from 'zod';
import type { SegmentUpdate } from '../generation/segment-updates.js';
import type { ChargeTwiceRefusal, HeldBlock } from '../generation/charge-twice-holds.js';
import { projectSchema } from '../project/project-schema.js';
import { serviceUrlSchema } from '../settings/settings-schema.js';
import type { EventSpec } from './define.js';
import { method } from './define.js';

const contentHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a content hash (64 hex digits)');

export interface StartedGenerationView {
  serviceUrl: string;
  jobIds: string[];
  /** Blocks handed to the service's queue of tasks (sent now, or as soon as it is reachable). */
  sentBlocks: number;
  /** Of `sentBlocks`, those waiting for the service to be reachable: nothing of them was sent yet. */
  offlineBlocks?: number;
  /** Of `sentBlocks`, those whose tasks the service has not answered yet: on their way, not known to have gone. */
  sendingBlocks?: number;
  /** The blocks sent (the editor's run counts them, refused ones included). */
  blockIds?: string[];
  reusedBlocks: number;
  characters: number;
  /** Blocks left out (`skipChargeTwice`) because the service may already have charged their content. */
  heldBlocks?: HeldBlock[];
}

/** A take's audio as the renderer plays it. */
export interface TakeMedia {
  cacheKey: string;
  mediaPath: string;
  durationMs: number;
}

/** A take's waveform: its loudness envelope (audio-analysis.ts), for drawing and seeking. */
export interface TakeWaveform {
  cacheKey: string;
  durationMs: number;
  windowsPerSecond: number;
  envelope: string;
}

/** Waveforms asked for at once: the blocks a timeline or script shows. */
export const WAVEFORMS_PER_REQUEST = 500;

/** Generation of blocks: sending them, and what main knows of their audio. */
export const generationMethods = {
  /**
   * Sends the project's blocks that lack current audio (or the given ones). `newTake` sends the given blocks again
   * with a new seed each, keeping the takes they have. A block whose content is in a task the service may already
   * have charged (charge-twice-holds.ts) is sent only with `confirmChargeTwice: true`, given once the user agreed
   * to pay twice, and left out with `skipChargeTwice: true`; with neither, nothing is sent and the answer is a
   * ChargeTwiceRefusal naming those blocks and what they may cost twice.
   */
  'generation.start': method<StartedGenerationView | ChargeTwiceRefusal>()(
    z
      .object({
        project: projectSchema,
        blockIds: z.array(z.string().min(1)).max(20_000, 'must list at most 20000 blocks').optional(),
        newTake: z.boolean().optional(),
        confirmChargeTwice: z.literal(true).optional(),
        skipChargeTwice: z.literal(true).optional(),
      })
      .strict()
      .refine((input) => !(input.confirmChargeTwice && input.skipChargeTwice), {
        path: ['skipChargeTwice'],
        message: 'cannot be given with confirmChargeTwice: send the held blocks, or leave them out, not both',
      }),
  ),
  /** Where the cached audio of these takes plays (those no longer in the cache are left out). */
  'generation.media': method<TakeMedia[]>()(
    z
      .object({
        serviceUrl: serviceUrlSchema,
        cacheKeys: z.array(contentHashSchema).max(50_000, 'must list at most 50000 takes'),
      })
      .strict(),
  ),
  /** The waveforms of these takes' cached audio (those no longer in the cache are left out). */
  'generation.waveforms': method<TakeWaveform[]>()(
    z
      .object({
        serviceUrl: serviceUrlSchema,
        cacheKeys: z
          .array(contentHashSchema)
          .max(WAVEFORMS_PER_REQUEST, `must list at most ${WAVEFORMS_PER_REQUEST} takes`),
      })
      .strict(),
  ),
  /** What main knows of these contents: cached audio, jobs on their way, last failures. */
  'generation.lookup': method<SegmentUpdate[]>()(
    z
      .object({
        serviceUrl: serviceUrlSchema,
        contentHashes: z.array(contentHashSchema).max(50_000, 'must list at most 50000 hashes'),
      })
      .strict(),
  ),
  /**
   * "Fetch audio again": downloads the audio the service already made for these contents (nothing is submitted,
   * nothing is paid again) and answers what main now knows of them.
   */
  'generation.refetch': method<SegmentUpdate[]>()(
    z
      .object({
        serviceUrl: serviceUrlSchema,
        contentHashes: z
          .array(contentHashSchema)
          .min(1, 'must list at least one content')
          .max(20_000, 'must list at most 20000 hashes'),
      })
      .strict(),
  ),
};

export interface GenerationEvents {
  /** Audio filed (or failed, or on its way) for content hashes of a project; the editor applies it. */
  'generation.updated': EventSpec<{ serviceUrl: string; projectId: string; segments: SegmentUpdate[] }>;
}
