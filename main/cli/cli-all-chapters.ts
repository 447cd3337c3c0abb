import type { ExportCommand } from './cli-args.js';

/** The flag, spread into the command line's options. */
export const ALL_CHAPTERS_OPTION = { 'all-chapters': { type: 'boolean' } } as const;

/**
 * `timbre export --all-chapters`: with one file per chapter into a folder an earlier export wrote (--overwrite),
 * every chapter is written again; without it the chapter files whose audio, name and tags are unchanged are kept.
 * Answers the command, or why the flag does not apply (the export writes no chapter files).
 */
export function withAllChapters(
  command: ExportCommand,
  allChapters: boolean | undefined,
): ExportCommand | string {
  if (allChapters !== true) return command;
  if (command.mode !== 'chapters-folder') {
    return '--all-chapters applies to one file per chapter: add --split chapters (or a --profile that delivers chapter files)';
  }
  return { ...command, settings: { ...command.settings, rerenderAllChapters: true } };
}
