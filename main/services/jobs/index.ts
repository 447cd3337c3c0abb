export type { JobManagerOptions, JobServiceClient } from './job-manager.js';
export { JobManager } from './job-manager.js';
export type {
  JobError,
  JobEvent,
  JobKind,
  JobListener,
  JobRecord,
  JobRequest,
  JobStatus,
  SubmitTaskInput,
  SubmitVoiceInput,
  TaskJobRecord,
  VoiceFileRef,
  VoiceJobRecord,
} from './job-types.js';
export { CANCELLABLE_STATUSES, FINAL_STATUSES, RETRYABLE_STATUSES } from './job-types.js';
export { JobActionError } from './job-errors.js';
export type { PollSchedule } from './poll-schedule.js';
export { DEFAULT_POLL_SCHEDULE, errorDelayMs, pollDelayMs, probeDelayMs } from './poll-schedule.js';
export { MAX_FINISHED_JOBS_KEPT, jobFilePath } from './job-store.js';
