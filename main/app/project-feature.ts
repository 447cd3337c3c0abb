import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { Logger } from '../services/logging/logger.js';
import type { ProjectService } from '../services/projects/project-service.js';
import { titleFromFilePath } from '../services/projects/project-file-names.js';
import type { SettingsService } from '../services/settings/settings-service.js';
import type { UploadStaging } from '../services/staging/upload-staging.js';

export interface ProjectFeatureDeps {
  projects: ProjectService;
  settings: SettingsService;
  staging: UploadStaging;
  logger: Logger;
}

type ProjectHandlers = Pick<
  MethodHandlers,
  | 'projects.list'
  | 'projects.recent'
  | 'projects.create'
  | 'projects.open'
  | 'projects.save'
  | 'projects.saveAsNew'
  | 'projects.rename'
  | 'projects.duplicate'
  | 'projects.delete'
  | 'projects.importText'
  | 'projects.importStaged'
  | 'projects.restoreBackup'
>;

/**
 * The projects folder over IPC. The renderer owns the open document and sends it whole when autosave fires; main
 * validates it against the file schema (the contract does) and writes it atomically. New projects belong to the
 * active service, so generation later knows where to go without asking.
 */
export function createProjectFeature({ projects, settings, staging }: ProjectFeatureDeps): ProjectHandlers {
  const activeServiceUrl = (): string | undefined => settings.current().activeServiceUrl ?? undefined;
  return {
    'projects.list': () => projects.list(),
    'projects.recent': () => projects.recent(),
    'projects.create': ({ title, defaults }) =>
      projects.create({ title, serviceUrl: activeServiceUrl(), defaults }),
    'projects.open': ({ fileName }) => projects.open(fileName),
    'projects.save': async ({ fileName, project }) => {
      await projects.save(fileName, project);
      return { savedAt: new Date().toISOString() };
    },
    'projects.saveAsNew': ({ project, title }) => projects.saveAsNew(project, title),
    'projects.rename': ({ fileName, title }) => projects.rename(fileName, title),
    'projects.duplicate': ({ fileName, title }) => projects.duplicate(fileName, title),
    'projects.delete': async ({ fileName }) => {
      await projects.delete(fileName);
      return null;
    },
    'projects.importText': ({ title, text, split }) =>
      projects.importText({ title, text, split, serviceUrl: activeServiceUrl() }),
    'projects.importStaged': async ({ stagingId, fileName, title, split }) => {
      const staged = staging.finished(stagingId, 'stagingId');
      try {
        return await projects.importTextFile({
          filePath: staged.path,
          title: title ?? titleFromFilePath(fileName),
          split,
          serviceUrl: activeServiceUrl(),
        });
      } finally {
        await staging.discard(stagingId);
      }
    },
    'projects.restoreBackup': ({ fileName }) => projects.restoreBackup(fileName),
  };
}
