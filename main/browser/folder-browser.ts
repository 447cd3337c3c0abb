import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { FolderListing } from '../../common/ipc/output-methods.js';
import { IpcError } from '../../common/ipc/errors.js';

/** Files worth showing in the chooser: what exports write and projects. Everything else is noise there. */
const SHOWN_EXTENSIONS = new Set(['.wav', '.mp3', '.srt', '.vtt', '.zip', '.timbre']);
const MAX_ENTRIES = 2_000;

/**
 * One folder's names for the browser shell's chooser (main's stand-in for a save or folder dialog): sub-folders
 * and export-related files, hidden ones left out, sorted; never any file's contents.
 */
export async function browseFolder(folder: string): Promise<FolderListing> {
  const resolved = path.resolve(folder);
  let names;
  try {
    names = await readdir(resolved, { withFileTypes: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new IpcError({
      code: 'NOT_FOUND',
      field: 'folder',
      message:
        code === 'ENOENT'
          ? `${resolved} does not exist (yet). Choose it anyway to have it made on the first export.`
          : `${resolved} cannot be opened (${typeof code === 'string' ? code : 'unknown error'}).`,
    });
  }
  const entries = names
    .filter((entry) => !entry.name.startsWith('.'))
    .filter((entry) => entry.isDirectory() || SHOWN_EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
    .map((entry) => ({
      name: entry.name,
      kind: entry.isDirectory() ? ('folder' as const) : ('file' as const),
    }))
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1))
    .slice(0, MAX_ENTRIES);
  const parent = path.dirname(resolved);
  return { folder: resolved, parent: parent === resolved ? null : parent, home: homedir(), entries };
}
