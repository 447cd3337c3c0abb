/** The read-along exports `--mode` chooses (common/export/export-mode.ts). */
export const READ_ALONG_MODES = ['epub-read-along', 'lpf-audiobook', 'karaoke-vtt'] as const;

/**
 * Why `--mode` cannot be used as given, or null: a read-along EPUB, a W3C Audiobook (LPF) or the mix with a
 * karaoke WebVTT is one per project, so it cannot be combined with `--split` or `--video`, which choose other files.
 */
export function readAlongModeProblem(mode: string | undefined, otherModeChosen: boolean): string | null {
  if (mode === undefined || !otherModeChosen) return null;
  return `--mode ${mode} writes one book per project: it cannot be used with --split or --video`;
}
