import { z } from 'zod';

/**
 * Where a voice stands, derived from the service's status word (common/rules classifyVoiceStatus):
 * `creating` (quick clone in progress, or not yet answered by the service), `training` (professional clone:
 * `lora-pending` / `lora-awaiting`), `ready` (`pending` — a quick clone is usable — or `lora-success`),
 * `failed`, and `unknown` for a status the app cannot interpret.
 */
export const voiceStates = ['creating', 'ready', 'training', 'failed', 'unknown'] as const;
export type VoiceState = (typeof voiceStates)[number];

const text = z.string();
const nonEmptyText = z.string().min(1);

export const voiceStyleEntrySchema = z.object({
  /** The style's id, sent as a block's `promptId` (`default` for the default style). */
  id: nonEmptyText,
  name: text,
  /** The remote sample: `playBackAudio`, else `promptOriginAudioStorageUrl` (http(s) only). */
  sampleUrl: text.optional(),
  description: text.optional(),
  language: text.optional(),
});
export type VoiceStyleEntry = z.infer<typeof voiceStyleEntrySchema>;

export const voiceEntrySchema = z.object({
  /** The voice resource's id (`GET /api/voice/{id}`); for a clone the service has not answered yet, the job's id. */
  id: nonEmptyText,
  /** The id content blocks carry as `voiceId`: the service's `idForGenerate`, or `id` when it sends none. */
  idForGenerate: nonEmptyText,
  serviceName: text,
  /** The user's local rename; absent means the service's name is shown. */
  localName: text.optional(),
  /**
   * The service's status word, exactly as last read. Before the service has answered a creation, the local
   * job's status (`queued`, `queued-offline`, `submitting`, `failed`…), so the user sees why it waits.
   */
  status: text,
  state: z.enum(voiceStates),
  failureReason: text.optional(),
  description: text.optional(),
  avatarUrl: text.optional(),
  version: text.optional(),
  /** The service's origin word (`market`, `user`…). */
  from: text.optional(),
  /** `created`: cloned from this app; `added`: added by its id (e.g. a market voice). */
  origin: z.enum(['created', 'added']),
  language: text.optional(),
  modelVersion: text.optional(),
  /** A professional clone (lora). */
  professional: z.boolean(),
  styles: z.array(voiceStyleEntrySchema),
  /** The local job that created it. */
  jobId: text.optional(),
  /** X-Service-App-Request-Id of the last response about this voice, for support. */
  requestId: text.optional(),
  addedAt: nonEmptyText,
  updatedAt: nonEmptyText,
  /**
   * The `updatedAt` of the last job snapshot applied: a replay of that same snapshot (every start replays the
   * job list) must not overwrite what a later refresh read from the service.
   */
  jobUpdatedAt: text.optional(),
});

/** One voice of the library, as kept on disk and handed to the IPC layer (serialisable). */
export type VoiceEntry = z.infer<typeof voiceEntrySchema>;

/** The name to show: the user's rename, else the service's name. */
export function displayName(entry: Pick<VoiceEntry, 'localName' | 'serviceName' | 'id'>): string {
  const local = entry.localName?.trim();
  if (local) return local;
  return entry.serviceName.trim() || entry.id;
}
