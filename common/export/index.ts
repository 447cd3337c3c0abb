export { defaultDuckingSettings, type RenderPlan } from './render-plan.js';
export { loudnessPresets, mp3Bitrates } from './export-options.js';
export { buildProjectRenderPlan, type MissingAudio } from './project-render-plan.js';
export {
  defaultProjectExportSettings,
  projectExportSettingsSchema,
  type ProjectExportSettings,
} from './project-export-settings.js';
