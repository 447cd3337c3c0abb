import { MAX_PROJECT_FILE_BYTES } from '../../../common/project/index.js';
import { readUserFile, UserFileError } from '../storage/user-file.js';
import type { UserFileLimit } from '../storage/user-file.js';

/** A project file is read as any file a user names: a regular file, at most MAX_PROJECT_FILE_BYTES. */
export const PROJECT_FILE_LIMIT: UserFileLimit = { maxBytes: MAX_PROJECT_FILE_BYTES, what: 'a project file' };

/**
 * A project file's bytes, or undefined when it does not exist. Anything else that keeps it from being read (a
 * named pipe or a folder under a .timbre name, a file over the limit, no permission) is a UserFileError whose
 * message says so; a pipe never blocks the read, so it never holds up the other file operations.
 */
export async function readProjectBytesIfExists(filePath: string): Promise<Buffer | undefined> {
  try {
    return await readUserFile(filePath, PROJECT_FILE_LIMIT);
  } catch (error) {
    if (error instanceof UserFileError && error.reason === 'not-found') return undefined;
    throw error;
  }
}
