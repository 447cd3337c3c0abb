import type { JobRecord } from '../jobs/index.js';
import type { VoiceData } from '../service-client/index.js';
import { voiceDataSchema } from '../service-client/wire-schemas.js';
import type { VoiceEntry } from './voice-entry.js';
import { assignDefined, entryFromService } from './voice-from-service.js';
import { voiceStateOf } from './voice-state.js';

/**
 * What the caller knows about a creation that the job record does not carry (the request stays inside the
 * job manager). Used only to fill gaps: whatever the service reports wins.
 */
export interface VoiceJobDetails {
  professional?: boolean;
  language?: string;
  modelVersion?: string;
  description?: string;
}

export type VoiceJobEffect =
  /** Nothing to change (a task job, a replayed snapshot, a cancelled job with nothing to clean up). */
  | { kind: 'none' }
  /** Write `entry` (keyed by its id), drop `removeIds`, and never let `supersededJobIds` come back. */
  | { kind: 'upsert'; entry: VoiceEntry; removeIds: string[]; supersededJobIds: string[] }
  | { kind: 'remove'; removeIds: string[] };

const IN_FLIGHT_JOB_STATUSES = new Set(['queued', 'queued-offline', 'submitting', 'running']);
const DEFAULT_NEW_VOICE_NAME = 'New voice';

/**
 * What one snapshot of a voice job means for the library: pure, so it can be checked without disk or service.
 *
 * - Before the service answered (no remote id) the voice is a placeholder keyed by the job id, `creating`.
 * - Once the job holds the service's voice, the entry is keyed by the voice id and the placeholder goes; the
 *   user's rename and the time it was added carry over.
 * - A failed job marks the entry failed with the service's reason (or the job's error); a stuck job or one
 *   whose submission has an unknown outcome is `unknown`; a job cancelled before it reached the service
 *   leaves nothing behind.
 * - A retry replaces the failed attempt it retries.
 */
export function effectOfVoiceJob(
  entries: ReadonlyMap<string, VoiceEntry>,
  job: JobRecord,
  details: VoiceJobDetails | undefined,
  now: string,
): VoiceJobEffect {
  if (job.kind !== 'voice') return { kind: 'none' };
  const ofThisJob = [...entries.values()].filter((entry) => entry.jobId === job.id);
  if (details === undefined && ofThisJob.some((entry) => entry.jobUpdatedAt === job.updatedAt)) {
    return { kind: 'none' };
  }
  const result = parseResult(job.result);
  const remoteId = result?.id ?? nonBlank(job.remoteId);

  if (remoteId === undefined && job.status === 'cancelled') {
    return ofThisJob.length === 0
      ? { kind: 'none' }
      : { kind: 'remove', removeIds: ofThisJob.map((entry) => entry.id) };
  }

  const key = remoteId ?? job.id;
  const previous = entries.get(key) ?? ofThisJob[0];
  const retried = job.retryOf === undefined ? [] : failedAttemptsOf(entries, job.retryOf);

  const entry =
    result === undefined
      ? placeholderEntry(previous, key, job, now)
      : entryFromService(previous, result, {
          origin: 'created',
          now,
          requestId: job.requestId,
          jobId: job.id,
        });
  overlayJobOutcome(entry, job);
  fillFromDetails(entry, details);
  if (entry.localName === undefined) assignDefined(entry, { localName: retried[0]?.localName });
  entry.jobId = job.id;
  entry.jobUpdatedAt = job.updatedAt;
  // The request id to quote: the one of the refusal when the job failed, else the last response's.
  assignDefined(entry, { requestId: job.error?.requestId ?? job.requestId });

  const removeIds = [...ofThisJob, ...retried]
    .map((other) => other.id)
    .filter((id, index, all) => id !== key && all.indexOf(id) === index);
  return {
    kind: 'upsert',
    entry,
    removeIds,
    supersededJobIds: retried.length > 0 && job.retryOf !== undefined ? [job.retryOf] : [],
  };
}

/** A voice the service has not answered about yet (or whose answer the job does not hold). */
function placeholderEntry(
  previous: VoiceEntry | undefined,
  key: string,
  job: JobRecord,
  now: string,
): VoiceEntry {
  const remoteStatus = nonBlank(job.remoteStatus);
  const entry: VoiceEntry = {
    id: key,
    idForGenerate: previous?.id === key ? previous.idForGenerate : key,
    serviceName: nonBlank(job.voiceName) ?? previous?.serviceName ?? DEFAULT_NEW_VOICE_NAME,
    status: remoteStatus ?? job.status,
    state: remoteStatus === undefined ? 'creating' : voiceStateOf(remoteStatus),
    origin: previous?.origin ?? 'created',
    professional: previous?.professional ?? false,
    styles: previous?.styles ?? [],
    addedAt: previous?.addedAt ?? job.createdAt,
    updatedAt: now,
  };
  if (previous) {
    const { localName, description, avatarUrl, version, from, language, modelVersion } = previous;
    assignDefined(entry, { localName, description, avatarUrl, version, from, language, modelVersion });
  }
  return entry;
}

/** The job's own outcome, where it says more than the voice's last status. */
function overlayJobOutcome(entry: VoiceEntry, job: JobRecord): void {
  const jobMessage = nonBlank(job.error?.message);
  switch (job.status) {
    case 'failed':
      if (entry.state !== 'failed') {
        entry.state = 'failed';
        entry.failureReason = jobMessage ?? 'The voice could not be created.';
      }
      return;
    case 'stuck':
    case 'unknown-outcome':
      if (entry.state !== 'ready' && entry.state !== 'failed') {
        entry.state = 'unknown';
        assignDefined(entry, { failureReason: jobMessage });
      }
      return;
    default:
      if (IN_FLIGHT_JOB_STATUSES.has(job.status) && entry.state !== 'failed') delete entry.failureReason;
  }
}

function fillFromDetails(entry: VoiceEntry, details: VoiceJobDetails | undefined): void {
  if (details === undefined) return;
  if (details.professional === true) entry.professional = true;
  if (entry.language === undefined) assignDefined(entry, { language: nonBlank(details.language) });
  if (entry.modelVersion === undefined)
    assignDefined(entry, { modelVersion: nonBlank(details.modelVersion) });
  if (entry.description === undefined) assignDefined(entry, { description: nonBlank(details.description) });
}

/** Entries left by an earlier attempt of the same creation that did not produce a usable voice. */
function failedAttemptsOf(entries: ReadonlyMap<string, VoiceEntry>, jobId: string): VoiceEntry[] {
  return [...entries.values()].filter(
    (entry) =>
      entry.jobId === jobId &&
      entry.origin === 'created' &&
      (entry.state === 'failed' || entry.state === 'unknown'),
  );
}

/**
 * A job read back from the job file has not been through the wire schema since it was saved; it is checked
 * again rather than trusted.
 */
function parseResult(result: unknown): VoiceData | undefined {
  if (result === undefined) return undefined;
  const parsed = voiceDataSchema.safeParse(result);
  return parsed.success ? parsed.data : undefined;
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
