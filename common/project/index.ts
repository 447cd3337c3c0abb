/**
 * The project document model: schema and files, content hashes and block states, the wire form of blocks,
 * timeline math, validation, and the pure edit operations the editor and its undo stack use.
 */
export * from './project-schema.js';
export { PROJECT_LIMITS, formatLimit, projectSizeProblem } from './project-limits.js';
export type { ProjectFileProblem, ProjectFileResult, ReadOptions } from './project-file.js';
export { PROJECT_FILE_EXTENSION, readProjectFile, writeProjectFile } from './project-file.js';
export type { ProjectV0 } from './legacy-v0-schema.js';
export type { IdFactory, NewProjectInput } from './block-factory.js';
export {
  DEFAULT_MUSIC_FADE_MS,
  DEFAULT_PAUSE_AFTER_MS,
  INITIAL_DEFAULTS,
  createMusicBlock,
  createProject,
  createSfxBlock,
  createTextBlock,
  randomId,
} from './block-factory.js';
export { audioAffectingFields, contentHash } from './content-hash.js';
export type { BlockState } from './block-state.js';
export { blockState, needsGeneration } from './block-state.js';
export type { ResolvedTextParams, DefaultableTextField } from './resolve-params.js';
export { DEFAULTABLE_TEXT_FIELDS, fieldsFromDefaults, resolveTextParams } from './resolve-params.js';
export type { ProjectContent, WireContentBlock } from './content-block.js';
export { projectContents, toContentBlock } from './content-block.js';
export type { BlockDuration } from './duration-estimate.js';
export {
  CHARS_PER_SECOND,
  DEFAULT_MUSIC_ESTIMATE_MS,
  DEFAULT_PASSTHROUGH_ESTIMATE_MS,
  DEFAULT_SFX_ESTIMATE_MS,
  blockDuration,
  estimateSpeechMs,
} from './duration-estimate.js';
export type { PlacedItem, TimelineLayout } from './timeline-layout.js';
export { layoutTimeline, speechItemAt } from './timeline-layout.js';
export type { ProjectStats } from './project-stats.js';
export { CREDITS_PER_CHARACTER, characterCount, projectStats } from './project-stats.js';
export type { ProjectViolation } from './project-validation.js';
export { validateBlock, validateProject } from './project-validation.js';
export type { EditRule } from './edit-error.js';
export { ProjectEditError } from './edit-error.js';
export type { BlockLocation } from './block-lookup.js';
export { allBlocks, findBlock } from './block-lookup.js';
export { excerpt } from './block-guards.js';
export type {
  BlockPatch,
  MusicBlockPatch,
  PassthroughBlockPatch,
  SfxBlockPatch,
  TextBlockPatch,
} from './block-edits.js';
export {
  STUDIO_LIMITS,
  addBlock,
  duplicateBlocks,
  insertBlock,
  insertBlocks,
  moveBlock,
  moveBlocks,
  removeBlock,
  removeBlocks,
  reorderSpeechBlocks,
  setBlockStart,
  setGenerationState,
  shiftBlocks,
  updateBlock,
} from './block-edits.js';
export { joinTexts, mergeWithNext, splitTextBlock } from './text-block-edits.js';
export {
  MAX_TITLE_LENGTH,
  checkTitle,
  renameProject,
  setProjectDefaults,
  setServiceUrl,
} from './project-edits.js';
export type { ClipboardBlocks, PasteOptions } from './block-clipboard.js';
export {
  CLIPBOARD_FORMAT,
  copyBlocks,
  isClipboardBlocks,
  pasteBlocks,
  readClipboardBlocks,
} from './block-clipboard.js';
