export type { ProjectExporterOptions } from './project-exporter.js';
export { ProjectExporter, ProjectNotReadyError } from './project-exporter.js';
