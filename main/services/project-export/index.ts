export type { ProjectExporterOptions } from './project-exporter.js';
export { ProjectExporter, ProjectNotReadyError } from './project-exporter.js';
export type { DestinationCheck, ExportMode, OnExisting } from './output-destination.js';
export { extensionProblem, settleDestination, writtenPaths } from './output-destination.js';
