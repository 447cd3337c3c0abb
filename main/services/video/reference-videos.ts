import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';
import type { LocatedVideo, VideoFacts, VideoStatus } from '../../../common/ipc/video-methods.js';
import type { ReferenceVideo } from '../../../common/project/timing-schema.js';
import type { LocalMediaFile } from '../media/local-file-reply.js';
import { asUserFileError, openUserFile } from '../storage/user-file.js';
import { durationNote } from './duration-note.js';
import { MAX_REFERENCE_VIDEO_BYTES } from './user-video-input.js';
import type { VideoGrants } from './video-grants.js';
import { videoIdOf } from './video-grants.js';
import { probeVideoFile } from './video-probe.js';
import { videoContentType, videoUrlPath } from './video-url.js';

/**
 * A project's reference video on this machine: the files the user chose (granted, kept across restarts), what
 * they hold, whether a project's video is still there, and the files the page may play. Nothing here ever sends
 * a video anywhere: it is read from disk and served to the app's own page only.
 */
export class ReferenceVideos {
  constructor(private readonly grants: VideoGrants) {}

  /** The user chose this file (a dialog, the chooser): main may read and serve it from now on. */
  grant(filePath: string): Promise<void> {
    return this.grants.grant(filePath);
  }

  /** Whether main may read this file as a reference video: the user chose it (an export reads only these). */
  allows(filePath: string): boolean {
    return this.grants.allows(filePath);
  }

  /**
   * What a chosen video holds, with the URL the page plays it from. A file that is not a video the app plays
   * loses its grant (it was chosen to be one).
   */
  async probe(filePath: string): Promise<VideoFacts> {
    const resolved = path.resolve(filePath);
    this.requireGranted(resolved);
    try {
      const probed = await probeVideoFile(resolved);
      return { ...probed, url: this.urlOf(resolved) };
    } catch (error) {
      if (error instanceof IpcError) await this.grants.revoke(resolved);
      throw error;
    }
  }

  /** Whether a project's video can play now: only a granted file that is there. */
  async status(filePath: string): Promise<VideoStatus> {
    const resolved = path.resolve(filePath);
    const name = `“${path.basename(resolved)}”`;
    if (!this.grants.allows(resolved)) {
      return {
        status: 'not-granted',
        path: filePath,
        message: `This project's video ${name} has not been chosen in Timbre Studio on this computer, which plays only videos you chose: locate it to play it here.`,
      };
    }
    try {
      await (
        await openUserFile(resolved, { maxBytes: MAX_REFERENCE_VIDEO_BYTES, what: 'a reference video' })
      ).close();
      return { status: 'ok', path: filePath, url: this.urlOf(resolved) };
    } catch (error) {
      const problem = asUserFileError(error, resolved, 'read');
      return {
        status: 'missing',
        path: filePath,
        message:
          problem.reason === 'not-found'
            ? `This project's video ${name} is no longer in ${path.dirname(resolved)}: it may have been moved, renamed or deleted. Locate it to play it again; nothing else in the project is lost.`
            : `${problem.message} Locate the video again to play it; nothing else in the project is lost.`,
      };
    }
  }

  /**
   * A file chosen again for a project's moved or missing video: probed like a new one, keeping the project's
   * original-audio settings (when the new file has sound) and noting a length that differs.
   */
  async locate(filePath: string, previous: ReferenceVideo): Promise<LocatedVideo> {
    const facts = await this.probe(filePath);
    const { originalAudio: probedAudio, ...rest } = facts.video;
    const originalAudio = probedAudio && (previous.originalAudio ?? probedAudio);
    const video: ReferenceVideo = { ...rest, ...(originalAudio ? { originalAudio } : {}) };
    return { ...facts, video, durationNote: durationNote(previous, video) };
  }

  /** The file a video URL's id stands for, when it is one the user chose; else undefined (answered 404). */
  fileFor(videoId: string): LocalMediaFile | undefined {
    const filePath = this.grants.pathOf(videoId);
    return filePath === undefined
      ? undefined
      : { filePath, contentType: videoContentType(filePath), what: 'The video' };
  }

  flush(): Promise<void> {
    return this.grants.flush();
  }

  private urlOf(resolved: string): string {
    return videoUrlPath(videoIdOf(resolved), resolved);
  }

  private requireGranted(resolved: string): void {
    if (this.grants.allows(resolved)) return;
    throw new IpcError({
      code: 'INVALID_INPUT',
      field: 'path',
      message: `“${path.basename(resolved)}” was not chosen as a video: choose it with Choose… (Timbre Studio reads only the videos you chose).`,
    });
  }
}
