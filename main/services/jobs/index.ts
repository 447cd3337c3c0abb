export { JobManager } from './job-manager.js';
export { CLI_STATE_FOLDER } from './job-store.js';
export type {
  JobEvent,
  JobListener,
  JobRecord,
  JobStatus,
  TaskJobRecord,
  VoiceJobRecord,
} from './job-types.js';
export { FINAL_STATUSES } from './job-types.js';
export { JobActionError } from './job-errors.js';
export type { JobServiceClient } from './job-service-client.js';
