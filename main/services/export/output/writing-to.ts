import { asUserFileError } from '../../storage/user-file.js';

/**
 * Runs a file-system call an export makes to write `filePath` (an output, its folder, the decoded-audio cache):
 * a failure such as a full disk or a folder replaced by a file is thrown as a sentence that names the file and
 * says what to do (asUserFileError), never as a bare "ENOSPC" or the hidden temporary name being written.
 */
export function writingTo<T>(filePath: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw asUserFileError(error, filePath, 'write');
  }
}

/** writingTo for a call that answers a promise. */
export async function writingToAsync<T>(filePath: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asUserFileError(error, filePath, 'write');
  }
}
