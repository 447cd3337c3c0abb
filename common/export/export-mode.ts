import { z } from 'zod';

/**
 * What an export writes: the mix as one file (with subtitles, tags and chapter markers), one file per speech block,
 * or one file per chapter (each with its own subtitles), the latter two into a new folder or a zip; or the project's
 * reference video with the mix as its new soundtrack (the picture copied unchanged, subtitles beside it); or a
 * read-along book: an EPUB 3 whose text is highlighted sentence by sentence as it is read (Media Overlays), a W3C
 * Audiobook (LPF), or the mix with a karaoke WebVTT beside it (a cue per sentence, a timestamp before each word).
 */
export const exportModeSchema = z.enum([
  'mix',
  'blocks-folder',
  'blocks-zip',
  'chapters-folder',
  'chapters-zip',
  'video',
  'epub-read-along',
  'lpf-audiobook',
  'karaoke-vtt',
]);
export type ExportMode = z.infer<typeof exportModeSchema>;

/** Where a mode's files go: one file, or many into a folder or a zip. */
export function exportContainer(mode: ExportMode): 'file' | 'folder' | 'zip' {
  switch (mode) {
    case 'mix':
    case 'video':
    case 'epub-read-along':
    case 'lpf-audiobook':
    case 'karaoke-vtt':
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

/** The extension of a read-along book's package (one file whatever the audio format), or undefined for other modes. */
export function bookPackageExtension(mode: ExportMode): 'epub' | 'lpf' | undefined {
  if (mode === 'epub-read-along') return 'epub';
  if (mode === 'lpf-audiobook') return 'lpf';
  return undefined;
}
