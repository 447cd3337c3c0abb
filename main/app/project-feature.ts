import path from 'node:path';
import { IpcError } from '../../common/ipc/errors.js';
import type { DefaultsOverride } from '../../common/project/index.js';
import { openExternalProject } from './open-external-project.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Logger } from '../services/logging/logger.js';
import type { ProjectService } from '../services/projects/project-service.js';
import type { SettingsService } from '../services/settings/settings-service.js';
import type { UploadStaging } from '../services/staging/upload-staging.js';
import type { PathGrants } from '../services/paths/path-grants.js';
import type { ImportPhase } from '../services/import-worker/import-protocol.js';

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
  /** Where an import's progress (projects.importProgress) and a prompt listing's end (projects.listCounted) are told. */
  events: Pick<EventHub, 'emit'>;
  /** How long a prompt listing may read and count before it answers (PROMPT_LISTING_BUDGET_MS; tests shorten it). */
  promptListingBudgetMs?: number;
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
  | 'projects.readRevision'
  | 'projects.cancelImport'
  | 'projects.restoreBackup'
  | 'projects.openPath'
>;

/**
 * How long a prompt listing (the projects page's) may spend counting files neither this run nor the list index
 * has seen before it answers with the rest still to count: a few files copied into the folder are counted within
 * it. A first start with 500 projects (55 MB, ~2.5 s to count here) answers in ~0.2 s, its first rows counted.
 */
const PROMPT_LISTING_BUDGET_MS = 100;

/**
 * How often the page hears that a prompt listing's background count counted more rows. Each time it lists again
 * (~30 ms of main's time for 500 projects, and a redraw of the list), so a few times over a count of seconds.
 */
const COUNTED_NEWS_MS = 750;

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
  events,
  promptListingBudgetMs = PROMPT_LISTING_BUDGET_MS,
}: ProjectFeatureDeps): ProjectHandlers {
  const activeServiceUrl = (): string | undefined => settings.current().activeServiceUrl ?? undefined;
  const voiceFor = async (language: string | undefined) => {
    const url = activeServiceUrl();
    return url && defaultVoice ? defaultVoice(url, language) : undefined;
  };
  const withDefaultVoice = async <T extends DefaultsOverride>(defaults: T | undefined) => {
    if (defaults?.voiceId) return defaults;
    const voice = await voiceFor(defaults?.language).catch(() => undefined);
    return voice ? { ...defaults, ...voice } : defaults;
  };
  // Imports run in a worker (ProjectService): the page hears how far one has come, under the id it gave.
  const importRun = (importId: string | undefined) =>
    importId === undefined
      ? {}
      : {
          importId,
          onProgress: ({ phase, fraction }: { phase: ImportPhase; fraction: number }) =>
            events.emit('projects.importProgress', { importId, phase, fraction }),
        };
  return {
    'projects.list': async (input) => {
      if (input?.promptly !== true) return projects.list();
      const tell = (): void => events.emit('projects.listCounted', null);
      const { entries, counted } = await projects.listPromptly(promptListingBudgetMs, {
        everyMs: COUNTED_NEWS_MS,
        tell,
      });
      void counted?.then(tell);
      return entries;
    },
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
    'projects.importText': async ({ title, text, split, reading, voices, importId }) =>
      projects.importText(
        {
          title,
          text,
          split,
          reading,
          voices,
          serviceUrl: activeServiceUrl(),
          // A book's language is known only once it is read: the voice is chosen then.
          defaultVoiceFor: voiceFor,
        },
        importRun(importId),
      ),
    'projects.previewImport': async ({ stagingId, fileName, split, reading, encoding }) => {
      const staged = staging.finished(stagingId, 'stagingId');
      return projects.previewImportFile(
        { filePath: staged.path, fileName, split, reading, encoding },
        importRun(stagingId),
      );
    },
    'projects.readRevision': async ({ stagingId, fileName, split, reading, encoding }) => {
      const staged = staging.finished(stagingId, 'stagingId');
      try {
        const read = await projects.readRevisionFile(
          { filePath: staged.path, fileName, split, reading, encoding },
          importRun(stagingId),
        );
        return { preview: read.preview, blocks: [...read.blocks] };
      } finally {
        await staging.discard(stagingId);
      }
    },
    'projects.cancelImport': ({ importId }) => ({ cancelled: projects.cancelImport(importId) }),
    'projects.importStaged': async ({ stagingId, fileName, title, split, reading, voices, encoding }) => {
      const staged = staging.finished(stagingId, 'stagingId');
      let cancelled = false;
      try {
        return await projects.importTextFile(
          {
            filePath: staged.path,
            fileName,
            title,
            split,
            reading,
            voices,
            encoding,
            serviceUrl: activeServiceUrl(),
            defaultVoiceFor: voiceFor,
          },
          importRun(stagingId),
        );
      } catch (error) {
        cancelled = error instanceof IpcError && error.data.code === 'CANCELLED';
        throw error;
      } finally {
        // A cancelled import keeps its upload: the dialog still shows its preview and may import it again.
        if (!cancelled) await staging.discard(stagingId);
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
