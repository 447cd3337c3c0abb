import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError, type ExportCommand } from './cli-args.js';

function exportCommand(argv: string[]): ExportCommand {
  const command = parseCommandLine(['export', 'book.timbre', '--out', 'out', ...argv], {});
  if (command.kind !== 'export') throw new Error(`not an export: ${command.kind}`);
  return command;
}

describe('timbre export --all-chapters', () => {
  it('keeps unchanged chapter files by default, and writes every chapter again with the flag', () => {
    expect(exportCommand(['--split', 'chapters']).settings.rerenderAllChapters).toBeUndefined();
    const all = exportCommand(['--split', 'chapters', '--overwrite', '--all-chapters']);
    expect(all.mode).toBe('chapters-folder');
    expect(all.settings.rerenderAllChapters).toBe(true);
  });

  it('applies to a retailer profile that delivers chapter files', () => {
    const acx = exportCommand(['--profile', 'acx', '--all-chapters']);
    expect(acx.mode).toBe('chapters-folder');
    expect(acx.settings).toMatchObject({ retailProfile: 'acx', rerenderAllChapters: true });
  });

  it('is refused, naming what it needs, for an export that writes no chapter files', () => {
    const refusal =
      '--all-chapters applies to one file per chapter: add --split chapters (or a --profile that delivers chapter files)';
    for (const argv of [
      ['--all-chapters'],
      ['--split', 'blocks', '--all-chapters'],
      ['--profile', 'podcast', '--all-chapters'],
    ]) {
      expect(() => exportCommand(argv)).toThrow(new UsageError(refusal));
    }
  });
});
