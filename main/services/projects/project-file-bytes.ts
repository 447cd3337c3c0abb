import { MAX_PROJECT_FILE_BYTES, projectFileText } from '../../../common/project/index.js';
import type { Project } from '../../../common/project/index.js';
import { formatBytes } from '../../../common/text/index.js';
import { readUserFile, UserFileError } from '../storage/user-file.js';
import type { UserFileLimit } from '../storage/user-file.js';

/** A project file is read as any file a user names: a regular file, at most MAX_PROJECT_FILE_BYTES. */
export const PROJECT_FILE_LIMIT: UserFileLimit = projectFileLimit(MAX_PROJECT_FILE_BYTES);

/** The limit a project file is read with, and saved within: one number for both, so whatever is saved opens. */
export function projectFileLimit(maxBytes: number): UserFileLimit {
  return { maxBytes, what: 'a project file' };
}

/**
 * A project file's bytes, or undefined when it does not exist. Anything else that keeps it from being read (a
 * named pipe or a folder under a .timbre name, a file over the limit, no permission) is a UserFileError whose
 * message says so; a pipe never blocks the read, so it never holds up the other file operations.
 */
export async function readProjectBytesIfExists(
  filePath: string,
  limit: UserFileLimit,
): Promise<Buffer | undefined> {
  try {
    return await readUserFile(filePath, limit);
  } catch (error) {
    if (error instanceof UserFileError && error.reason === 'not-found') return undefined;
    throw error;
  }
}

/** Where a project is being saved, as the refusal names it. */
export interface ProjectFileTarget {
  /** The file's path, or for a new file the place it would get. */
  filePath: string;
  /** How the sentence names it: "“Book.timbre”", "The new project “Book”". */
  name: string;
}

/**
 * The bytes a project (checked by the schema) is saved as. Refused with a sentence, before anything is written,
 * when they would be more than a project file may hold: a file saved over the limit every read enforces would be
 * refused on the next open and marked damaged, and "restore backup" would bring back older work.
 */
export function projectFileBytes(checked: Project, target: ProjectFileTarget, limit: UserFileLimit): Buffer {
  let text: string;
  try {
    text = projectFileText(checked);
  } catch (error) {
    // V8 cannot make a string that long ("Invalid string length"): far past the limit, which is below it.
    if (error instanceof RangeError) throw tooLargeToSave(target, undefined, limit);
    throw error;
  }
  // Measured before the bytes are made: a project far over the limit should not cost the memory of a copy.
  checkProjectFileSize(Buffer.byteLength(text, 'utf8'), target, limit);
  return Buffer.from(text, 'utf8');
}

/** Refuses, with the sentence, project file bytes made elsewhere (an import's) that are over the limit. */
export function checkProjectFileSize(
  byteLength: number,
  target: ProjectFileTarget,
  limit: UserFileLimit,
): void {
  if (byteLength > limit.maxBytes) throw tooLargeToSave(target, byteLength, limit);
}

function tooLargeToSave(
  target: ProjectFileTarget,
  size: number | undefined,
  limit: UserFileLimit,
): UserFileError {
  const sizeText = size === undefined ? `more than ${formatBytes(limit.maxBytes)}` : formatBytes(size);
  return new UserFileError(
    target.filePath,
    'too-large',
    `${target.name} was not saved: it would take ${sizeText}, and a project file may be at most ${formatBytes(limit.maxBytes)} so that it can always be opened again. Nothing was written. Remove takes you no longer need, or split the project into several projects, then save again.`,
  );
}
