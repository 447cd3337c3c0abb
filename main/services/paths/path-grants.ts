import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';

/**
 * Paths are capabilities: main reads and writes the user's files only where the user chose. A path is chosen
 * when it came from a save, open or folder dialog (Electron's, or the browser shell's chooser served by main),
 * from the OS (a file opened with the app), or is the app's own default export folder. A folder grant covers
 * what is inside it. Everything else a page sends is refused, so a compromised page cannot overwrite
 * ~/.bashrc or read /etc/passwd through an export or a batch.
 *
 * Paths are compared after resolving symbolic links of the deepest part that exists, so a link inside a
 * granted folder cannot lead out of it.
 */
export class PathGrants {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  grantFile(filePath: string): void {
    this.files.add(path.resolve(filePath));
  }

  grantFolder(folderPath: string): void {
    this.folders.add(path.resolve(folderPath));
  }

  /** Whether main may create or replace `filePath` (or read it, for files opened with the app). */
  async allows(filePath: string): Promise<boolean> {
    if (!path.isAbsolute(filePath)) return false;
    const wanted = await resolveExisting(filePath);
    // A chosen file name covers its other formats too: the user who picked Episode.wav and then switched the
    // format to MP3 chose Episode.mp3 as much (and the subtitles beside it).
    for (const file of this.files)
      if (withoutExtension(await resolveExisting(file)) === withoutExtension(wanted)) return true;
    for (const folder of this.folders) {
      if (isSameOrInside(await resolveExisting(folder), wanted)) return true;
    }
    return false;
  }

  /** Throws an INVALID_INPUT naming `field` unless the path was chosen by the user. */
  async require(filePath: string, field: string, what: string): Promise<void> {
    if (await this.allows(filePath)) return;
    throw new IpcError({
      code: 'INVALID_INPUT',
      field,
      message: `${what} must be a place you chose with Choose… (or inside the default export folder); Timbre Studio does not write or read anywhere else.`,
    });
  }
}

/**
 * Whether `candidate` is `folder` or inside it (both absolute and resolved). A root ("/", "C:\\") already ends
 * in a separator, so one is added only where it does not: "/" + "/" would match nothing.
 */
export function isSameOrInside(folder: string, candidate: string): boolean {
  if (candidate === folder) return true;
  const prefix = folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`;
  return candidate.startsWith(prefix);
}

function withoutExtension(filePath: string): string {
  return filePath.slice(0, filePath.length - path.extname(filePath).length);
}

/** The real path of the deepest existing ancestor, with the rest appended (the file may not exist yet). */
async function resolveExisting(filePath: string): Promise<string> {
  const absolute = path.resolve(filePath);
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(await realpath(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}
