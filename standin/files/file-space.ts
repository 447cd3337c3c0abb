import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const FILES_PREFIX = '/files/';

/**
 * The stand-in's served files (generated audio, subtitles, uploaded prompts, avatars) under `<dataDir>/files`,
 * addressed on the wire as absolute URLs `<origin>/files/<relative path>`. Records store only the path part, so
 * a restart on another port still serves them.
 */
export class FileSpace {
  readonly root: string;
  private currentOrigin = '';

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
  }

  setOrigin(origin: string): void {
    this.currentOrigin = origin;
  }

  get origin(): string {
    return this.currentOrigin;
  }

  /** `/files/a/b.mp3` → absolute file path; undefined when the path escapes the folder or is not under /files/. */
  diskPathOf(urlPath: string): string | undefined {
    if (!urlPath.startsWith(FILES_PREFIX)) return undefined;
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath.slice(FILES_PREFIX.length));
    } catch {
      return undefined;
    }
    const resolved = path.resolve(this.root, relative);
    if (!resolved.startsWith(this.root + path.sep)) return undefined;
    return resolved;
  }

  /** Path part for a file relative to the files folder, e.g. `tasks/<id>/0.mp3` → `/files/tasks/<id>/0.mp3`. */
  urlPathOf(relative: string): string {
    return `${FILES_PREFIX}${relative.split(path.sep).map(encodeURIComponent).join('/')}`;
  }

  absoluteUrl(urlPath: string): string {
    return `${this.currentOrigin}${urlPath}`;
  }

  /**
   * The disk path behind a URL this stand-in issued, or undefined for anything else: another origin, a path
   * outside /files/, or a file that does not exist. `localhost` is accepted for `127.0.0.1` (same server).
   */
  issuedFile(url: string): string | undefined {
    let parsed: URL;
    let own: URL;
    try {
      parsed = new URL(url);
      own = new URL(this.currentOrigin);
    } catch {
      return undefined;
    }
    const sameHost =
      parsed.hostname === own.hostname || (parsed.hostname === 'localhost' && own.hostname === '127.0.0.1');
    if (parsed.protocol !== own.protocol || !sameHost || parsed.port !== own.port) return undefined;
    if (parsed.search !== '' || parsed.hash !== '') return undefined;
    const diskPath = this.diskPathOf(parsed.pathname);
    if (diskPath === undefined || !existsSync(diskPath) || !statSync(diskPath).isFile()) return undefined;
    return diskPath;
  }
}
