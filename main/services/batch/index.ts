export { BatchQueue } from './batch-queue.js';
export { JsonBatchStore, MemoryBatchStore } from './batch-store.js';
export { summaryLine } from './batch-summary.js';
export type {
  BatchEvent,
  BatchItemProgress,
  BatchItemStatus,
  BatchItemView,
  BatchPhase,
  BatchSummary,
  BatchView,
} from './batch-types.js';
export { ProjectSources } from './project-sources.js';
export type { BatchGenerator } from './service-generator.js';
export { ServiceGenerator } from './service-generator.js';

/** The queue's file in the app's data folder. */
export const BATCH_QUEUE_FILE = 'batch-queue.json';
export { QUEUED_COVERS_FOLDER, sweepQueuedCovers } from './queued-covers.js';
