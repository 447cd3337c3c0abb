import type { Project } from '../../../common/project/index.js';
import type { ProjectListEntry } from '../../../common/project/library-views.js';
import { layoutTimeline, projectStats } from '../../../common/project/index.js';
import type { ProjectFileProblem } from '../../../common/project/project-file.js';
import type { SendContext } from '../../../common/project/send-context.js';

/** What the project list shows of a readable project besides its file's name and date. */
export type ListedFigures = Omit<Extract<ProjectListEntry, { ok: true }>, 'ok' | 'fileName' | 'modifiedAt'>;

/** A project file counted for the list: its figures (and the service they were counted for), or its problem. */
export type CountedFile =
  | { ok: true; figures: ListedFigures; serviceUrl: string | undefined }
  | { ok: false; problem: ProjectFileProblem; message: string };

/** The list's figures of a project read under `context`: what main counts itself and a list worker counts alike. */
export function listedFigures(project: Project, context: SendContext): ListedFigures {
  const counts = projectStats(project, context);
  const layout = layoutTimeline(project, context);
  return {
    id: project.id,
    title: project.title,
    blockCount: counts.blockCount,
    characterCount: counts.characterCount,
    durationMs: layout.totalMs,
    durationEstimated: layout.estimated,
    toGenerate: { blocks: counts.pendingBlockCount, credits: counts.estimatedPendingCredits },
  };
}
