import path from 'node:path';
import type { ProjectDefaults } from '../../common/project/index.js';
import { openExternalProject } from './open-external-project.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { Logger } from '../services/logging/logger.js';
import type { ProjectService } from '../services/projects/project-service.js';
import type { SettingsService } from '../services/settings/settings-service.js';
import type { UploadStaging } from '../services/staging/upload-staging.js';
import type { PathGrants } from '../services/paths/path-grants.js';

export interface ProjectFeatureDeps {
  projects: ProjectService;
  settings: SettingsService;
  staging: UploadStaging;
  logger: Logger;
  /** Adds an opened project to the OS's recent documents (jump list, dock menu). */
  noteRecentDocument?: (filePath: string) => void;
  /**
   * The voice new projects of a service start with (the user changes it in the project defaults): the one set in
   * Settings, else a ready voice in the given language (common/voices/default-voice.ts).
   */
  defaultVoice?: (
    serviceUrl: string,
    language: string | undefined,
  ) => Promise<{ voiceId: string; voiceName: string } | undefined>;
  /** Files the OS handed to the app are granted there; `projects.openPath` opens no other. */
  grants: PathGrants;
}

type ProjectHandlers = Pick<
  MethodHandlers,
  | 'projects.list'
  | 'projects.recent'
  | 'projects.create'
  | 'projects.open'
  | 'projects.save'
  | 'projects.savePatch'
  | 'projects.saveAsNew'
  | 'projects.rename'
  | 'projects.duplicate'
  | 'projects.delete'
  | 'projects.importText'
  | 'projects.importStaged'
  | 'projects.previewImport'
  | 'projects.restoreBackup'
  | 'projects.openPath'
>;

/**
 * The projects folder over IPC. The renderer owns the open document and sends it whole when autosave fires; main
 * validates it against the file schema (the contract does) and writes it atomically. New projects belong to the
 * active service, so generation later knows where to go without asking.
 */
export function createProjectFeature({
  projects,
  settings,
  staging,
  defaultVoice,
  noteRecentDocument,
  grants,
}: ProjectFeatureDeps): ProjectHandlers {
  const activeServiceUrl = (): string | undefined => settings.current().activeServiceUrl ?? undefined;
  const voiceFor = async (language: string | undefined) => {
    const url = activeServiceUrl();
    return url && defaultVoice ? defaultVoice(url, language) : undefined;
  };
  const withDefaultVoice = async <T extends Partial<ProjectDefaults>>(defaults: T | undefined) => {
    if (defaults?.voiceId) return defaults;
    const voice = await voiceFor(defaults?.language).catch(() => undefined);
    return voice ? { ...defaults, ...voice } : defaults;
  };
  return {
    'projects.list': () => projects.list(),
    'projects.recent': () => projects.recent(),
    'projects.create': async ({ title, defaults }) =>
      projects.create({ title, serviceUrl: activeServiceUrl(), defaults: await withDefaultVoice(defaults) }),
    'projects.open': async ({ fileName }) => {
      const opened = await projects.open(fileName);
      if (opened.ok) noteRecentDocument?.(path.join(projects.projectsDir, fileName));
      return opened;
    },
    'projects.save': async ({ fileName, project }) => {
      const revision = await projects.save(fileName, project);
      return { savedAt: new Date().toISOString(), revision };
    },
    'projects.savePatch': async ({ fileName, baseRevision, patch }) => {
      const revision = await projects.savePatch(fileName, baseRevision, patch);
      return { savedAt: new Date().toISOString(), revision };
    },
    'projects.saveAsNew': ({ project, title }) => projects.saveAsNew(project, title),
    'projects.rename': ({ fileName, title }) => projects.rename(fileName, title),
    'projects.duplicate': ({ fileName, title }) => projects.duplicate(fileName, title),
    'projects.delete': async ({ fileName }) => {
      await projects.delete(fileName);
      return null;
    },
    'projects.importText': async ({ title, text, split, reading, voices }) =>
      projects.importText({
        title,
        text,
        split,
        reading,
        voices,
        serviceUrl: activeServiceUrl(),
        // A book's language is known only once it is read: the voice is chosen then.
        defaultVoiceFor: voiceFor,
      }),
    'projects.previewImport': async ({ stagingId, fileName, split, reading, encoding }) => {
      const staged = staging.finished(stagingId, 'stagingId');
      return projects.previewImportFile({ filePath: staged.path, fileName, split, reading, encoding });
    },
    'projects.importStaged': async ({ stagingId, fileName, title, split, reading, voices, encoding }) => {
      const staged = staging.finished(stagingId, 'stagingId');
      try {
        return await projects.importTextFile({
          filePath: staged.path,
          fileName,
          title,
          split,
          reading,
          voices,
          encoding,
          serviceUrl: activeServiceUrl(),
          defaultVoiceFor: voiceFor,
        });
      } finally {
        await staging.discard(stagingId);
      }
    },
    'projects.restoreBackup': ({ fileName }) => projects.restoreBackup(fileName),
    'projects.openPath': async ({ path: filePath }) => {
      await grants.require(filePath, 'path', 'The project file to open');
      const opened = await openExternalProject(projects, filePath);
      if (opened.ok) noteRecentDocument?.(path.join(projects.projectsDir, opened.fileName));
      return opened;
    },
  };
}
