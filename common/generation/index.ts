export type { GenerationBatch } from './generation-batches.js';
export { planGenerationBatches } from './generation-batches.js';
export type { SegmentUpdate } from './segment-updates.js';
export { applySegmentUpdates } from './segment-updates.js';
