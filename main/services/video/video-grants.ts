import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { IpcError } from '../../../common/ipc/errors.js';
import type { Logger } from '../logging/logger.js';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';
import { hasVideoExtension } from './video-url.js';

/** Enough for every video of every project a user keeps; the oldest choices go first past it. */
const MAX_GRANTED_VIDEOS = 1_000;

const grantsFileSchema = z.strictObject({
  version: z.literal(1),
  paths: z.array(z.string().min(1).max(4_096)).max(MAX_GRANTED_VIDEOS),
});

/**
 * The video files the user chose as reference videos (an open dialog, the browser shell's chooser): main reads and
 * serves only these, for reading only. Kept in the data folder, so a project opened after a restart plays its
 * video; a project file that names any other path does not get it served (the user is asked to locate it).
 * Each granted file has an opaque id, the SHA-256 of its path, which is all a URL carries.
 */
export class VideoGrants {
  /** Id → resolved path, oldest grant first. */
  private readonly byId = new Map<string, string>();
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly filePath: string,
    private readonly logger: Logger,
  ) {}

  /** Loads `<dataDir>/reference-videos.json`; an unreadable file is logged and starts empty (nothing is granted). */
  static async open(dataDir: string, logger: Logger): Promise<VideoGrants> {
    const grants = new VideoGrants(path.join(dataDir, 'reference-videos.json'), logger);
    try {
      const text = await readFileIfExists(grants.filePath);
      if (text !== undefined) {
        for (const granted of grantsFileSchema.parse(JSON.parse(text)).paths) {
          // Only what a chooser could have granted: a tampered list cannot get any other file of the machine served.
          if (!path.isAbsolute(granted) || !hasVideoExtension(granted)) continue;
          // Ids are of resolved paths (as `grant` and `allows` make them), whatever the file wrote.
          const resolved = path.resolve(granted);
          grants.byId.set(videoIdOf(resolved), resolved);
        }
      }
    } catch (error) {
      logger.warn('The chosen reference videos could not be read; each will be asked for again', { error });
    }
    return grants;
  }

  /**
   * Grants a file the user chose (and makes it the newest grant); written to disk before it resolves. Only a file
   * named as a video is granted (the dialogs offer no other), so the list never serves anything else.
   */
  async grant(filePath: string): Promise<void> {
    const resolved = path.resolve(filePath);
    if (!hasVideoExtension(resolved)) {
      throw new IpcError({
        code: 'INVALID_INPUT',
        field: 'path',
        message: `“${path.basename(resolved)}” is not a video file: choose an MP4, MOV, M4V or WebM file.`,
      });
    }
    const id = videoIdOf(resolved);
    this.byId.delete(id);
    this.byId.set(id, resolved);
    while (this.byId.size > MAX_GRANTED_VIDEOS) this.byId.delete(this.byId.keys().next().value as string);
    await this.save();
  }

  /** Takes a grant back (a chosen file that turned out not to be a video the app plays). */
  async revoke(filePath: string): Promise<void> {
    if (this.byId.delete(videoIdOf(path.resolve(filePath)))) await this.save();
  }

  allows(filePath: string): boolean {
    return path.isAbsolute(filePath) && this.byId.has(videoIdOf(path.resolve(filePath)));
  }

  /** The granted file an id stands for, or undefined for any other id. */
  pathOf(id: string): string | undefined {
    return this.byId.get(id);
  }

  /** Awaits the writes begun so far. */
  flush(): Promise<void> {
    return this.writing;
  }

  private save(): Promise<void> {
    const paths = [...this.byId.values()];
    // One write after another, each with the state when it was asked: the last one on disk is the newest.
    this.writing = this.writing
      .then(() => writeJsonAtomic(this.filePath, { version: 1, paths }, { durable: false }))
      .catch((error: unknown) => {
        this.logger.warn('The chosen reference videos could not be saved', { error });
      });
    return this.writing;
  }
}

/** A granted video's id: the SHA-256 of its resolved path, base64url (43 characters). */
export function videoIdOf(resolvedPath: string): string {
  return createHash('sha256').update(resolvedPath).digest('base64url');
}
