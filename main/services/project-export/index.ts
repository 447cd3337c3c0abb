export { ProjectExporter, ProjectNotReadyError } from './project-exporter.js';
export type { ExportOutputs, ExportTarget, PreparedExport } from './project-exporter.js';
export type { ExportMode, OnExisting } from './output-destination.js';
export { checkDestination } from './output-destination.js';
export { checkPlannedDelivery, type DeliveryCheckExporter } from './planned-delivery-check.js';
export { DEFAULT_NAME_TEMPLATE, nameTemplateProblem, renderOutputName } from './output-name.js';
export { chooseOutputPath, ensureWritableFolder, outputKey } from './output-paths.js';
export type { ExportOrigin, RunningExportHandle } from './running-exports.js';
export { RunningExports } from './running-exports.js';
