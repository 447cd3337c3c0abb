export type { AddToBatchInput, ParsedAddToBatchInput } from './batch-input.js';
export { addToBatchInputSchema, parseAddToBatchInput } from './batch-input.js';
export type { BatchExporter, ItemOutcome, ItemRunContext, ItemRunnerDeps } from './batch-item-runner.js';
export { ItemAbortedError, runBatchItem } from './batch-item-runner.js';
export type { BatchQueueOptions } from './batch-queue.js';
export { BatchQueue } from './batch-queue.js';
export type { BatchStore } from './batch-store.js';
export { JsonBatchStore, MemoryBatchStore } from './batch-store.js';
export { summaryLine } from './batch-summary.js';
export type {
  BatchErrorCode,
  BatchEvent,
  BatchItemError,
  BatchItemProgress,
  BatchItemRecord,
  BatchItemStatus,
  BatchItemView,
  BatchOutputs,
  BatchOverall,
  BatchPhase,
  BatchQueueState,
  BatchSource,
  BatchState,
  BatchSummary,
  BatchView,
} from './batch-types.js';
export {
  DEFAULT_NAME_TEMPLATE,
  NAME_PLACEHOLDERS,
  nameTemplateProblem,
  renderOutputName,
  sanitizeFileName,
} from './output-name.js';
export { chooseOutputPath, outputFiles, outputKey } from './output-paths.js';
export type { OpenedSource, ProjectSourceAccess, ProjectSourcesOptions } from './project-sources.js';
export { ProjectSources } from './project-sources.js';
export type { BatchGenerator, GenerateRun, ServiceGeneratorOptions } from './service-generator.js';
export { ServiceGenerator } from './service-generator.js';

/** The queue's file in the app's data folder. */
export const BATCH_QUEUE_FILE = 'batch-queue.json';
