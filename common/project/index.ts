/**
 * The project document model: schema and files, content hashes and block states, the wire form of blocks,
 * timeline math, validation, and the pure edit operations the editor and its undo stack use.
 */
export * from './project-schema.js';
export {
  MAX_PROJECT_FILE_BYTES,
  PROJECT_FILE_EXTENSION,
  checkedProject,
  projectFileText,
  projectFileTextOf,
  readProjectFile,
  writeProjectFile,
} from './project-file.js';
export { createMusicBlock, createProject, createSfxBlock, createTextBlock } from './block-factory.js';
export type { DefaultsOverride } from './block-factory.js';
export { contentHash } from './content-hash.js';
export { blockState, needsGeneration } from './block-state.js';
export type { WireContentBlock } from './content-block.js';
export { projectContents } from './content-block.js';
export type { PlacedItem } from './timeline-layout.js';
export { layoutTimeline } from './timeline-layout.js';
export { characterCount, projectStats } from './project-stats.js';
export { blockLabel, validateProject } from './project-validation.js';
export { ProjectEditError } from './edit-error.js';
export { allBlocks, findBlock, forEachBlock } from './block-lookup.js';
export { excerpt } from './block-guards.js';
export { addBlock, insertBlocks, setGenerationState, updateBlock } from './block-edits.js';
export { checkTitle, renameProject, setServiceUrl } from './project-edits.js';
export {
  activeTake,
  currentTakes,
  madeFrom,
  playableAudio,
  takeKey,
  takesOf,
  withTake,
  TAKE_SEED_MAX,
} from './takes.js';
export { acceptTakeFlags, deleteTakes, pinTake, reopenTakeFlags, unpinTake } from './take-edits.js';
