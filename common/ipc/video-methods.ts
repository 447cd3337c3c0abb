import { z } from 'zod';
import type { ReferenceVideo } from '../project/timing-schema.js';
import { referenceVideoSchema } from '../project/timing-schema.js';
import { method } from './define.js';
import { absolutePathSchema } from './files-methods.js';

/** The containers a reference video may come in (what Chromium plays): MP4/MOV/M4V with H.264, WebM with VP8/VP9/AV1. */
export const VIDEO_FILE_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm'] as const;

/** What main read from a reference video file, and where the page plays it. */
export interface VideoFacts {
  /** What the project keeps (`project.video`): originalAudio is DEFAULT_ORIGINAL_AUDIO when it has sound. */
  video: ReferenceVideo;
  container: 'mp4' | 'mov' | 'webm';
  /** e.g. "H.264", "VP9", "AV1". */
  videoCodec: string;
  /** e.g. "AAC", "Opus"; null when the video has no sound. */
  audioCodec: string | null;
  sizeBytes: number;
  /** Says that the video is used without its own sound when that sound is a codec the app cannot play; else null. */
  soundNote: string | null;
  /** Where the page plays it, on the app's own origin (the browser shell's media session applies). */
  url: string;
}

/** A file chosen again for a project's moved or missing video. */
export interface LocatedVideo extends VideoFacts {
  /** Says how far the file's length differs from the project's record when it does noticeably; else null. */
  durationNote: string | null;
}

/**
 * Whether a project's video can be played: `ok` with its URL; `missing` (granted, but no file is there now);
 * `not-granted` (the project names a file the user never chose on this machine). Both of the latter ask the user
 * to locate the file (`video.choose` or the chooser, then `video.locate`); `message` says so in a sentence.
 */
export type VideoStatus =
  | { status: 'ok'; path: string; url: string }
  | { status: 'missing' | 'not-granted'; path: string; message: string };

/** The recorded video a project has, as the page sends it (validated as the project's field). */
const recordedVideoSchema = referenceVideoSchema;

/**
 * The reference video: chosen by the user, probed and served by main, never uploaded. Main keeps the set of video
 * files the user chose (in the data folder, so they play after a restart) and reads and serves only those.
 */
export const videoMethods = {
  /**
   * Electron's open dialog (MP4, MOV, M4V, WebM): the chosen file is granted as a reference video. Null when the
   * user cancels, and always null in the browser shell, where the page opens the chooser
   * (`files.openChooser` with kind `open-video`; its answer grants the file the same way).
   */
  'video.choose': method<{ path: string | null }>()(
    z.object({ initialPath: absolutePathSchema.optional() }).strict(),
  ),
  /**
   * Reads a granted video file: its length, size, frame rate, codecs and sound. Refused, naming the file and the
   * rule, when it was not chosen, is not a video, or holds codecs Chromium cannot play.
   */
  'video.probe': method<VideoFacts>()(z.object({ path: absolutePathSchema }).strict()),
  /** Whether a project's video can be played now (asked when a project with a video opens). */
  'video.status': method<VideoStatus>()(z.object({ path: absolutePathSchema }).strict()),
  /**
   * Probes a file the user chose again for a moved or missing video (`previous`: the project's record). The
   * answer's `video` keeps the previous original-audio settings; the page applies it with `relocateVideo`.
   */
  'video.locate': method<LocatedVideo>()(
    z.object({ path: absolutePathSchema, previous: recordedVideoSchema }).strict(),
  ),
};
