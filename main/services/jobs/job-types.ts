import type { TaskRequestBody } from '../../../common/rules/index.js';
import type { TaskData, VoiceData } from '../service-client/index.js';
import type { CreateVoiceInput } from '../service-client/index.js';
import type { JobStatus } from '../../../common/jobs/job-status.js';

// Defined once, in common/: the renderer shows the same statuses main keeps.
export type { JobStatus } from '../../../common/jobs/job-status.js';
export { CANCELLABLE_STATUSES, FINAL_STATUSES, RETRYABLE_STATUSES } from '../../../common/jobs/job-status.js';

export type JobKind = 'task' | 'voice';

export interface JobError {
  code: string;
  /** What went wrong, in plain words (the service's message when it gave one). */
  message: string;
  requestId?: string;
  httpStatus?: number;
}

/**
 * Opaque references given by the caller when submitting (the project and its blocks the job came from), kept on
 * the job as given and carried over to its retry.
 */
export interface JobLinks {
  projectId?: string;
  blockIds?: string[];
  /** For task jobs: the audio cache key of each of blockIds as sent (its content hash, or a take key). */
  contentHashes?: string[];
  /** For another take: the content hash of each block as sent (contentHashes then holds the new take keys). */
  takeOf?: string[];
  /** For task jobs: the project's title when submitted, to show on the Tasks page. */
  projectTitle?: string;
  /** A name to show: the voice's name for voice jobs; for tasks, whatever the caller passed. */
  voiceName?: string;
}

interface JobRecordBase extends JobLinks {
  /** Local id (UUID), stable across restarts. */
  id: string;
  kind: JobKind;
  serviceUrl: string;
  status: JobStatus;
  /** The service's id of the task or voice, once known. */
  remoteId?: string;
  /** The service's status string, exactly as last read (unknown values included). */
  remoteStatus?: string;
  createdAt: string;
  submittedAt?: string;
  finishedAt?: string;
  updatedAt: string;
  error?: JobError;
  /** X-Service-App-Request-Id of the last response about this job. */
  requestId?: string;
  /** The job this one retries, and the job that retried this one. */
  retryOf?: string;
  retriedBy?: string;
  /** When the user set a failed job aside ("Dismiss"): it no longer needs their attention (ISO time). */
  dismissedAt?: string;
  /**
   * When every block of this failed, stuck or unknown-outcome task got its audio from a task submitted after it
   * (a later Generate): it no longer needs attention, and sending it again would pay twice.
   */
  supersededAt?: string;
  /**
   * When the app found it could not tell whether the service received this job (ISO time). Kept when the user
   * then cancels it: the service may still have it, so sending it again may pay twice all the same.
   */
  outcomeUnknownAt?: string;
  /** When a rate-limited submission will be tried again (ISO time). */
  nextAttemptAt?: string;
  /**
   * When the app started again while this job was out at the service: its `finishedAt` is then when the app
   * looked again, not when the service finished (time-left estimates leave such timings out).
   */
  resumedAt?: string;
}

export interface TaskJobRecord extends JobRecordBase {
  kind: 'task';
  /** What credits were frozen for: the service's count once known, a local estimate before. */
  characters?: number;
  sync?: boolean;
  /** The parsed task, including each content's `audio` URL once generated. */
  result?: TaskData;
}

export interface VoiceJobRecord extends JobRecordBase {
  kind: 'voice';
  result?: VoiceData;
}

/** Serialisable: safe to send to the renderer, never holds the token or request bodies. */
export type JobRecord = TaskJobRecord | VoiceJobRecord;

export type JobEvent =
  | { type: 'job-updated'; job: JobRecord }
  | { type: 'job-removed'; jobId: string }
  | { type: 'job-progress'; jobId: string; sentBytes: number; totalBytes: number }
  | { type: 'service-reachability'; serviceUrl: string; reachable: boolean };

export type JobListener = (event: JobEvent) => void;

export interface SubmitTaskInput extends JobLinks {
  body: TaskRequestBody;
  /** Sends `sync: true`: the service answers once the job is processing (at most 90 s). */
  sync?: boolean;
}

/** A file to upload, by path: job requests are persisted, so in-memory bytes cannot be part of them. */
export interface VoiceFileRef {
  path: string;
  mediaType?: string;
  fileName?: string;
}

export interface SubmitVoiceInput extends JobLinks {
  voice: Omit<CreateVoiceInput, 'prompt' | 'avatar'> & { prompt: VoiceFileRef; avatar?: VoiceFileRef };
}

/** What is kept on disk to (re)send a job; never leaves main. */
export type JobRequest =
  { kind: 'task'; body: TaskRequestBody } | { kind: 'voice'; voice: SubmitVoiceInput['voice'] };
