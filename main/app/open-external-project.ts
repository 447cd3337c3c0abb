import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { OpenResult } from '../../common/project/library-views.js';
import { readProjectFile } from '../../common/project/index.js';
import type { ProjectService } from '../services/projects/project-service.js';

/** Project files bigger than this are not projects (2,000 blocks of text are a few megabytes). */
const MAX_PROJECT_FILE_BYTES = 64 * 1024 * 1024;

/**
 * A .timbre file the OS asked the app to open. Files in the projects folder open in place. Others are read (never
 * written) and copied into the folder, so autosave and backups work as for any project; opening the same file
 * again finds the copy by the project's id instead of making another. A damaged or newer file is reported with the
 * same message as in the projects list.
 */
export async function openExternalProject(projects: ProjectService, filePath: string): Promise<OpenResult> {
  const resolved = path.resolve(filePath);
  const fileName = path.basename(resolved);
  if (path.dirname(resolved) === path.resolve(projects.projectsDir)) return projects.open(fileName);
  let text: string;
  try {
    const stats = await stat(resolved);
    if (stats.size > MAX_PROJECT_FILE_BYTES) {
      return {
        ok: false,
        fileName,
        problem: 'invalid',
        message: `${fileName} is too large to be a project file.`,
      };
    }
    text = await readFile(resolved, 'utf8');
  } catch (error) {
    return {
      ok: false,
      fileName,
      problem: 'missing',
      message: `Could not read ${resolved}: ${error instanceof Error ? error.message : String(error)}`,
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
