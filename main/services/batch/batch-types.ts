// The queue's types are shared with the renderer, so they live in common/.
export * from '../../../common/batch/batch-types.js';
