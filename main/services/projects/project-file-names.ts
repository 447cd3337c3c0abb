import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';
import { PROJECT_FILE_EXTENSION } from '../../../common/project/index.js';

/** The rolling backup: the previous saved version of the project file. */
export const BACKUP_SUFFIX = '.bak';

/**
 * Where an older-format file is copied, once, before its first save in the current format rewrites it
 * (`<name>.timbre.v3`): the version that wrote it can still open the copy.
 */
export function preMigrationCopyPath(filePath: string, version: number): string {
  return `${filePath}.v${version}`;
}

/**
 * A readable, unique file name for a new project: a slug of its title (letters of any script, digits, hyphens;
 * at most 40 characters) and a random suffix. The name is fixed at creation; renaming a project changes only its
 * title inside the file, so recent lists, open editors and autosavers keep pointing at the same file.
 */
export function projectFileNameFor(title: string, randomSuffix: string): string {
  const slug = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 40)
    .replace(/-+$/u, '');
  return `${slug === '' ? 'project' : slug}-${randomSuffix}${PROJECT_FILE_EXTENSION}`;
}

/**
 * File names arrive from the renderer, so they are checked to name a project file inside the projects folder and
 * nothing else: no separators, no leading dot, the .timbre extension.
 */
export function assertProjectFileName(fileName: string): void {
  const valid =
    fileName.length <= 255 &&
    fileName.endsWith(PROJECT_FILE_EXTENSION) &&
    fileName.length > PROJECT_FILE_EXTENSION.length &&
    !fileName.startsWith('.') &&
    !/[/\\\0]/u.test(fileName) &&
    path.basename(fileName) === fileName;
  if (!valid) {
    throw new IpcError({
      code: 'INVALID_INPUT',
      field: 'fileName',
      message: `"${fileName}" is not a project file name (expected a name ending in ${PROJECT_FILE_EXTENSION}, without folders).`,
    });
  }
}

export function isProjectFileName(fileName: string): boolean {
  try {
    assertProjectFileName(fileName);
    return true;
  } catch {
    return false;
  }
}

/** `My file.txt` → `My file`, the title of a project imported from it. */
export function titleFromFilePath(filePath: string): string {
  const base = path.basename(filePath, path.extname(filePath)).trim();
  return base === '' ? 'Imported text' : base.slice(0, 200);
}
