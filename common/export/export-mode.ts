import { z } from 'zod';

/**
 * What an export writes: the mix as one file (with subtitles, tags and chapter markers), one file per speech block,
 * or one file per chapter (each with its own subtitles), the latter two into a new folder or a zip; or the project's
 * reference video with the mix as its new soundtrack (the picture copied unchanged, subtitles beside it).
 */
export const exportModeSchema = z.enum([
  'mix',
  'blocks-folder',
  'blocks-zip',
  'chapters-folder',
  'chapters-zip',
  'video',
]);
export type ExportMode = z.infer<typeof exportModeSchema>;

/** Where a mode's files go: one file, or many into a folder or a zip. */
export function exportContainer(mode: ExportMode): 'file' | 'folder' | 'zip' {
  switch (mode) {
    case 'mix':
    case 'video':
      return 'file';
    case 'blocks-folder':
    case 'chapters-folder':
      return 'folder';
    case 'blocks-zip':
    case 'chapters-zip':
      return 'zip';
    default: {
      const exhaustive: never = mode;
      throw new Error(`Unknown export mode ${String(exhaustive)}`);
    }
  }
}
