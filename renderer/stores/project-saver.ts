import type { TimbreClient } from '../../common/ipc/api.js';
import type { OpenedProject } from '../../common/project/library-views.js';
import { projectPatch } from '../../common/project/project-patch.js';
import { TRACK_NAMES, type Project } from '../../common/project/project-schema.js';
import { errorData } from './notice-store.js';

// Past this share of changed blocks (a voice changed everywhere, a script pasted over) a patch saves little.
const MAX_PATCH_SHARE = 0.5;

interface SavedVersion {
  readonly fileName: string;
  readonly project: Project;
  readonly revision: number;
}

export type ProjectSave = (fileName: string, project: Project) => Promise<{ savedAt: string }>;

/**
 * Saves the editor's document, sending main only what changed since the version main last wrote
 * (`projects.savePatch`), so saving a 10,000-block audiobook after one keystroke does not serialise and send all
 * 7.5 MB of it from the page. The base is the last version this saver wrote, or the one the document was opened
 * from; when main has a newer one (STALE) or most blocks changed, the whole project is sent instead.
 */
export function createProjectSaver(
  client: Pick<TimbreClient, 'invoke'>,
  openedSource: () => OpenedProject | undefined,
): ProjectSave {
  let last: SavedVersion | undefined;
  const remember = (fileName: string, project: Project, saved: { savedAt: string; revision: number }) => {
    last = { fileName, project, revision: saved.revision };
    return saved;
  };
  return async (fileName, project) => {
    const base = last?.fileName === fileName ? last : openedVersion(openedSource(), fileName);
    if (base) {
      const { patch, changedBlocks } = projectPatch(base.project, project);
      if (changedBlocks <= MAX_PATCH_SHARE * blockCount(project)) {
        try {
          const saved = await client.invoke('projects.savePatch', {
            fileName,
            baseRevision: base.revision,
            patch,
          });
          return remember(fileName, project, saved);
        } catch (error) {
          if (errorData(error).code !== 'STALE') throw error;
        }
      }
    }
    return remember(fileName, project, await client.invoke('projects.save', { fileName, project }));
  };
}

function openedVersion(source: OpenedProject | undefined, fileName: string): SavedVersion | undefined {
  if (source?.fileName !== fileName || source.revision === undefined) return undefined;
  return { fileName, project: source.project, revision: source.revision };
}

function blockCount(project: Project): number {
  return TRACK_NAMES.reduce((sum, name) => sum + project.tracks[name].blocks.length, 0);
}
