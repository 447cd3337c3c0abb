export { ExportEngine, type RunOptions } from './export-engine.js';
export { ExportCancelledError, isExportCancelled } from './export-errors.js';
export { type ClipFilesResult, type ExportProgress, type ExportResult } from './export-types.js';
export { subtitlePathsFor } from './subtitles/subtitle-files.js';
export { exportDataPaths, removeLeftoverPartials } from './output/leftover-partials.js';
