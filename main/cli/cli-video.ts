import path from 'node:path';
import type { VideoOutput } from '../../common/export/video-output.js';
import { containerForVideoPath, videoContainerSchema } from '../../common/export/video-output.js';
import { VIDEO_FILE_EXTENSIONS } from '../../common/ipc/video-methods.js';
import { echoedValue } from './cli-echo.js';

/** The reference video the command puts the new soundtrack under, and what it writes. */
export interface VideoFlags {
  /** --video FILE, resolved. */
  readonly videoPath: string;
  readonly output: VideoOutput;
}

type VideoValues = {
  video?: string | undefined;
  'video-container'?: string | undefined;
  'keep-original-audio'?: boolean | undefined;
} & Partial<Record<'format' | 'bitrate' | 'bit-depth' | 'chapters' | 'chapters-json' | 'cover', unknown>>;

/**
 * --video FILE with --video-container and --keep-original-audio: one project's speech under one picture, so one
 * PROJECT; the soundtrack goes inside the video (AAC in MP4 and MOV, Opus in WebM), so the audio file's flags and
 * per-chapter or per-block files do not apply. The container is the source's (a WebM stays WebM; an M4V is written
 * as MP4) unless --video-container names one; H.264 asked into WebM is refused by the export, which reads the codec.
 * The file itself is opened by the export (a regular file, read through the shared reader), which names it if it
 * cannot be read. Returns the flags, nothing without --video, or the problem in a sentence.
 */
export function readVideoFlags(
  values: VideoValues,
  projectCount: number,
  split: string,
): VideoFlags | undefined | string {
  if (values.video === undefined) {
    if (values['keep-original-audio']) return '--keep-original-audio applies with --video FILE only';
    if (values['video-container'] !== undefined) return '--video-container applies with --video FILE only';
    return undefined;
  }
  if (projectCount !== 1) return '--video FILE puts one picture under one PROJECT’s speech: name one PROJECT';
  if (split !== 'none') return '--video writes one video: it cannot be used with --split';
  for (const flag of ['format', 'bitrate', 'bit-depth', 'chapters', 'chapters-json', 'cover'] as const) {
    if (values[flag] !== undefined) {
      return `--${flag} applies to audio files; --video writes the soundtrack inside the video (AAC in MP4 and MOV, Opus in WebM)`;
    }
  }
  const videoPath = path.resolve(values.video);
  // The containers the app takes as a reference video (what Chromium plays), as the editor's chooser offers them.
  const extension = path.extname(videoPath).slice(1).toLowerCase();
  if (!(VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return `--video must name an MP4, MOV, M4V or WebM file (got ${echoedValue(path.basename(videoPath))})`;
  }
  const named = values['video-container'];
  const container = videoContainerSchema.safeParse(named ?? containerForVideoPath(videoPath));
  if (!container.success) {
    return `--video-container must be mp4, mov or webm (got ${echoedValue(named ?? '')})`;
  }
  return {
    videoPath,
    output: { container: container.data, keepOriginalAudio: values['keep-original-audio'] ?? false },
  };
}
