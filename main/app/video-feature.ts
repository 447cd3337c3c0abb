import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { Platform } from '../platform/platform.js';
import type { ReferenceVideos } from '../services/video/reference-videos.js';

type VideoHandlers = Pick<MethodHandlers, 'video.choose' | 'video.probe' | 'video.status' | 'video.locate'>;

/**
 * The reference video: only a file the user picked in a dialog (here) or in the browser shell's chooser
 * (files-feature) is granted; every other method reads granted files only.
 */
export function createVideoFeature(deps: { platform: Platform; videos: ReferenceVideos }): VideoHandlers {
  const { platform, videos } = deps;
  return {
    'video.choose': async ({ initialPath }) => {
      // The browser shell has no OS dialog: its page opens main's chooser with the open-video kind instead.
      if (platform.chooseVideoFile === undefined) return { path: null };
      const chosen = await platform.chooseVideoFile(initialPath);
      if (chosen !== null) await videos.grant(chosen);
      return { path: chosen };
    },
    'video.probe': ({ path }) => videos.probe(path),
    'video.status': ({ path }) => videos.status(path),
    'video.locate': ({ path, previous }) => videos.locate(path, previous),
  };
}
