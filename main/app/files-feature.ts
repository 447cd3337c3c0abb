import path from 'node:path';
import { IpcError } from '../../common/ipc/errors.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { PathChooser, Platform } from '../platform/platform.js';
import type { PathGrants } from '../services/paths/path-grants.js';
import { isSameOrInside } from '../services/paths/path-grants.js';
import type { ReferenceVideos } from '../services/video/reference-videos.js';

type FilesHandlers = Pick<
  MethodHandlers,
  'files.chooseFolder' | 'files.openChooser' | 'files.chooserAnswer' | 'files.closeChooser' | 'files.reveal'
>;

/**
 * Places the user chooses (the OS folder dialog, or the browser shell's chooser window) and the file manager.
 * Only the user's own pick is granted: exports and batches then write only where it allows.
 */
export function createFilesFeature(deps: {
  platform: Platform;
  grants: PathGrants;
  videos: ReferenceVideos;
}): FilesHandlers {
  const { platform, grants, videos } = deps;

  /** The browser shell's chooser stands in for dialogs; where the OS has real ones, only they grant paths. */
  const browserChooser = (): PathChooser => {
    if (!platform.chooser) {
      throw new IpcError({
        code: 'INVALID_INPUT',
        message: 'Use Choose… to pick a place with the system dialog.',
      });
    }
    return platform.chooser;
  };

  return {
    'files.chooseFolder': async ({ suggestedPath }) => {
      const chosen = await platform.chooseFolder(suggestedPath);
      if (chosen) grants.grantFolder(chosen);
      return { path: chosen };
    },
    'files.openChooser': ({ kind, initialPath }) => browserChooser().open(kind, initialPath),
    'files.chooserAnswer': async ({ choiceId }) => {
      // The grant comes from the user's pick in main's chooser window, of the kind main asked for: nothing the
      // page sends is granted.
      const chosen = await browserChooser().answer(choiceId);
      if (!chosen) return { path: null };
      // A reference video is granted for reading and serving only, never as a place to write.
      if (chosen.kind === 'open-video') await videos.grant(chosen.path);
      else if (chosen.kind === 'folder') grants.grantFolder(chosen.path);
      else grants.grantFile(chosen.path);
      return { path: chosen.path };
    },
    'files.closeChooser': ({ choiceId }) => {
      browserChooser().cancel(choiceId);
      return null;
    },
    'files.reveal': async ({ path: wanted }) => {
      // Only places the user chose (exports) or the app's own data folder: a page cannot point the file manager
      // anywhere it likes.
      const place = path.resolve(wanted);
      const dataDir = path.resolve(platform.dataDir);
      if (!isSameOrInside(dataDir, place)) await grants.require(place, 'path', 'The place to show');
      if (platform.revealInFolder === undefined) return { revealed: false };
      platform.revealInFolder(place);
      return { revealed: true };
    },
  };
}
