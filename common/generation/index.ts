export type { GenerationBatch, GenerationBatchPlan, GenerationSelection } from './generation-batches.js';
export { MAX_BLOCKS_PER_TASK, MAX_CHARACTERS_PER_TASK, planGenerationBatches } from './generation-batches.js';
export type { SegmentUpdate } from './segment-updates.js';
export { applySegmentUpdates } from './segment-updates.js';
