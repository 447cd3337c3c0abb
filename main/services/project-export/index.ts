export { ProjectExporter, ProjectNotReadyError } from './project-exporter.js';
export type { ExportMode, OnExisting } from './output-destination.js';
export { extensionProblem, settleDestination } from './output-destination.js';
