import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError, type ExportCommand } from './cli-args.js';

function exportCommand(argv: string[]): ExportCommand {
  const command = parseCommandLine(argv, {});
  if (command.kind !== 'export') throw new Error(`not an export: ${command.kind}`);
  return command;
}

describe('timbre export --profile', () => {
  it('applies ACX: 192 kbps MP3 at 44.1 kHz mono, ACX levels, room tone, one file per chapter', () => {
    const command = exportCommand(['export', 'book.timbre', '--out', 'out', '--profile', 'acx']);
    expect(command.mode).toBe('chapters-folder');
    expect(command.settings).toMatchObject({
      retailProfile: 'acx',
      sampleRate: 44100,
      channels: 1,
      options: {
        audio: { format: 'mp3', bitrateKbps: 192 },
        loudness: { kind: 'rms', rmsDb: -20 },
        roomTone: { headMs: 600, tailMs: 2000 },
      },
    });
  });

  it('keeps the flags a profile does not rule on (subtitles, tags)', () => {
    const command = exportCommand([
      'export',
      'book.timbre',
      '--out',
      'out',
      '--profile',
      'podcast',
      '--vtt',
      '--author',
      'A. Writer',
    ]);
    expect(command.mode).toBe('mix');
    expect(command.settings.options.subtitles.vtt).toBe(true);
    expect(command.settings.metadata?.author).toBe('A. Writer');
  });

  it('refuses a flag the profile sets, naming it, rather than overruling it in silence', () => {
    expect(() =>
      parseCommandLine(
        ['export', 'b.timbre', '--out', 'o', '--profile', 'acx', '--format', 'wav', '--rate', '48000'],
        {},
      ),
    ).toThrow(
      new UsageError(
        '--profile acx sets the format, bit rate, rate, channels, loudness and file split itself: leave out --format, --rate',
      ),
    );
  });

  it('names the profiles when given an unknown one', () => {
    expect(() => parseCommandLine(['export', 'b.timbre', '--out', 'o', '--profile', 'audible'], {})).toThrow(
      /--profile must be one of acx, google-play, inaudio, apple-books, spotify, podcast \(got "?audible"?\)/u,
    );
  });
});
