import path from 'node:path';
import type { OpenResult } from '../../common/project/library-views.js';
import { projectFileTextOf, readProjectFile } from '../../common/project/index.js';
import type { ProjectService } from '../services/projects/project-service.js';
import { PROJECT_FILE_LIMIT } from '../services/projects/project-file-bytes.js';
import { readUserFile, UserFileError } from '../services/storage/user-file.js';

/**
 * A .timbre file the OS asked the app to open. Files in the projects folder open in place. Others are read (never
 * written) and copied into the folder, so autosave and backups work as for any project; opening the same file
 * again finds the copy by the project's id instead of making another. A damaged or newer file is reported with the
 * same message as in the projects list; a file that cannot be read (a named pipe, a folder, too large) is refused
 * at once with a sentence saying why, never waited on.
 */
export async function openExternalProject(projects: ProjectService, filePath: string): Promise<OpenResult> {
  const resolved = path.resolve(filePath);
  const fileName = path.basename(resolved);
  if (path.dirname(resolved) === path.resolve(projects.projectsDir)) return projects.open(fileName);
  let text: string;
  try {
    text = projectFileTextOf(await readUserFile(resolved, PROJECT_FILE_LIMIT));
  } catch (error) {
    if (!(error instanceof UserFileError)) throw error;
    return {
      ok: false,
      fileName,
      problem: error.reason === 'not-found' ? 'missing' : 'invalid',
      message: error.message,
    };
  }
  const read = readProjectFile(text);
  if (!read.ok) {
    return {
      ok: false,
      fileName,
      problem: read.problem,
      message: read.message,
      ...(read.fieldPath ? { fieldPath: read.fieldPath } : {}),
    };
  }
  const existing = (await projects.list()).find((entry) => entry.ok && entry.id === read.project.id);
  if (existing) return projects.open(existing.fileName);
  const copied = await projects.adopt(read.project);
  return {
    ok: true,
    ...copied,
    ...(read.migratedFrom === undefined ? {} : { migratedFrom: read.migratedFrom }),
  };
}
