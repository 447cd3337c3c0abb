import type { StyleRecord, VoiceData } from '../service-client/index.js';
import { failureReasonOf, generationIdOf } from '../service-client/index.js';
import type { VoiceEntry, VoiceStyleEntry } from './voice-entry.js';
import { isProfessionalStatus, voiceStateOf } from './voice-state.js';

/** How the entry came to the library, and what the response said about itself. */
export interface RemoteContext {
  origin: VoiceEntry['origin'];
  now: string;
  requestId?: string | undefined;
  jobId?: string;
}

/**
 * Merges a voice read from the service into the entry the library already has for it (if any). What only the
 * user or the app knows — the local name, where the voice came from, when it was added, the creating job —
 * is kept; everything the service says is taken as the new truth.
 */
export function entryFromService(
  previous: VoiceEntry | undefined,
  data: VoiceData,
  context: RemoteContext,
): VoiceEntry {
  const record = data as Record<string, unknown>;
  const status = data.status;
  const state = voiceStateOf(status);
  const failureReason =
    state === 'failed'
      ? (failureReasonOf(data) ?? `The service reported the voice as "${status}" without giving a reason.`)
      : undefined;
  const lora = stringField(record, 'lora');
  const entry: VoiceEntry = {
    id: data.id,
    idForGenerate: nonBlank(generationIdOf(data)) ?? data.id,
    serviceName: nonBlank(data.name) ?? previous?.serviceName ?? data.id,
    status,
    state,
    origin: previous?.origin ?? context.origin,
    professional: previous?.professional === true || isProfessionalStatus(status) || lora !== undefined,
    styles: stylesOf(data.metadata.prompts),
    addedAt: previous?.addedAt ?? context.now,
    updatedAt: context.now,
  };
  assignDefined(entry, {
    localName: previous?.localName,
    failureReason,
    // A field the service left out (or sent malformed: the wire schema drops it) keeps what was known.
    description: nonBlank(data.metadata.description) ?? previous?.description,
    avatarUrl: httpUrlOrUndefined(data.metadata.avatar) ?? previous?.avatarUrl,
    version: stringField(record, 'version') ?? previous?.version,
    from: stringField(record, 'from') ?? previous?.from,
    language: stringField(record, 'language') ?? previous?.language,
    modelVersion: stringField(record, 'modelVersion') ?? previous?.modelVersion,
    jobId: previous?.jobId ?? context.jobId,
    requestId: context.requestId ?? previous?.requestId,
    jobUpdatedAt: previous?.jobUpdatedAt,
  });
  return entry;
}

/** Styles the app can use: a record without an id cannot be named in a block's `promptId`, so it is left out. */
export function stylesOf(prompts: StyleRecord[] | undefined): VoiceStyleEntry[] {
  const styles: VoiceStyleEntry[] = [];
  const seen = new Set<string>();
  for (const prompt of prompts ?? []) {
    const id = nonBlank(prompt.id);
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    const style: VoiceStyleEntry = { id, name: nonBlank(prompt.name) ?? id };
    assignDefined(style, {
      sampleUrl:
        httpUrlOrUndefined(prompt.playBackAudio) ?? httpUrlOrUndefined(prompt.promptOriginAudioStorageUrl),
      description: nonBlank(prompt.description),
      language: nonBlank(prompt.language),
    });
    styles.push(style);
  }
  return styles;
}

/**
 * Only absolute http(s) URLs are kept: the renderer plays samples through the media cache, which fetches
 * nothing else, and a `javascript:` or `file:` URL from a misbehaving service must never reach a page.
 */
export function httpUrlOrUndefined(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? nonBlank(value) : undefined;
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/** Copies only the defined members, so entries never carry `key: undefined` (their JSON stays canonical). */
export function assignDefined<Target extends object>(target: Target, values: Partial<Target>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  }
}
