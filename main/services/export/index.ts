export { ExportEngine, type ExportEngineOptions, type RunOptions } from './export-engine.js';
export { ExportCancelledError, MissingSourcesError, isExportCancelled } from './export-errors.js';
export {
  clipFilesRequestSchema,
  exportRequestSchema,
  type ClipFilesRequest,
  type ClipFilesResult,
  type ExportPhase,
  type ExportProgress,
  type ExportRequest,
  type ExportResult,
  type LoudnessReport,
} from './export-types.js';
export { runExport } from './render-export.js';
export { exportClipFiles } from './clips/clip-files-export.js';
export { subtitlePathsFor } from './subtitles/subtitle-files.js';
export { PcmCache, type CachedSource } from './decode/pcm-cache.js';
