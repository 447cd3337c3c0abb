import type { Dirent } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ChooserKind, FolderListing } from '../../common/ipc/files-methods.js';
import { IpcError } from '../../common/ipc/errors.js';
import { hasVideoExtension } from '../services/video/video-url.js';

/** Files worth showing in the chooser: what exports write and projects. Everything else is noise there. */
const SHOWN_EXTENSIONS = new Set(['.wav', '.mp3', '.srt', '.vtt', '.zip', '.timbre']);

/** The files a choice of this kind lists: videos to open one, else what exports write. */
function isShownFile(name: string, kind: ChooserKind): boolean {
  return kind === 'open-video'
    ? hasVideoExtension(name)
    : SHOWN_EXTENSIONS.has(path.extname(name).toLowerCase());
}
const MAX_ENTRIES = 2_000;

/**
 * One folder's names for the browser shell's chooser (main's stand-in for a save, folder or open dialog):
 * sub-folders and the files of the choice's kind, hidden ones left out, sorted; never any file's contents.
 *
 * A folder that does not exist yet (the default export folder on a fresh install, a name the user typed) is not
 * a dead end: the listing is of its nearest existing ancestor, with `missing` naming the folder asked for, so
 * the chooser can offer to create it and still lets the user walk up or home from there.
 */
export async function browseFolder(folder: string, kind: ChooserKind = 'save-file'): Promise<FolderListing> {
  const requested = path.resolve(folder);
  let shown = requested;
  let names: Dirent[] | undefined;
  for (;;) {
    try {
      names = await readdir(shown, { withFileTypes: true });
      break;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const parent = path.dirname(shown);
      // Only a missing folder leads up; one that exists but cannot be read (no permission) says so.
      if (code !== 'ENOENT' || parent === shown) throw unreadable(shown, code);
      shown = parent;
    }
  }
  const entries = names
    .filter((entry) => !entry.name.startsWith('.'))
    .filter((entry) => entry.isDirectory() || isShownFile(entry.name, kind))
    .map((entry) => ({
      name: entry.name,
      kind: entry.isDirectory() ? ('folder' as const) : ('file' as const),
    }))
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1))
    .slice(0, MAX_ENTRIES);
  const parent = path.dirname(shown);
  return {
    folder: shown,
    parent: parent === shown ? null : parent,
    home: homedir(),
    entries,
    ...(shown === requested ? {} : { missing: requested }),
  };
}

/**
 * Makes the folder the user picked (or the one a picked file goes in) when it does not exist yet: the pick in
 * main's chooser is the user's word to create it. Refuses, naming it, a place whose existing part is a file.
 */
export async function makeChosenFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new IpcError({
        code: 'INVALID_INPUT',
        field: 'path',
        message: `${folder} cannot be made: part of that path is a file, not a folder. Choose another place.`,
      });
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new IpcError({
        code: 'INVALID_INPUT',
        field: 'path',
        message: `${folder} cannot be made: you may not create folders there (${code}). Choose another place.`,
      });
    }
    throw error;
  }
  if (!(await stat(folder)).isDirectory()) {
    throw new IpcError({
      code: 'INVALID_INPUT',
      field: 'path',
      message: `${folder} is a file, not a folder. Choose another place.`,
    });
  }
}

function unreadable(folder: string, code: unknown): IpcError {
  return new IpcError({
    code: 'NOT_FOUND',
    field: 'folder',
    message:
      code === 'EACCES' || code === 'EPERM'
        ? `${folder} cannot be opened: you may not read that folder. Go up or home and choose another.`
        : code === 'ENOTDIR'
          ? `${folder} is a file, not a folder. Go up and choose its folder.`
          : `${folder} cannot be opened (${typeof code === 'string' ? code : 'unknown error'}). Go up or home and choose another.`,
  });
}
