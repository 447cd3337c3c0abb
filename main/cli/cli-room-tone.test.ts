import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, type ExportCommand } from './cli-args.js';

function exportCommand(argv: string[]): ExportCommand {
  const command = parseCommandLine(argv, {});
  if (command.kind !== 'export') throw new Error(`not an export: ${command.kind}`);
  return command;
}

describe('timbre export --room-tone FILE', () => {
  it('loops the clip under an ACX delivery, held to ACX’s −60 dB noise floor, with the profile’s head and tail', () => {
    const command = exportCommand([
      'export',
      'book.timbre',
      '--out',
      'out',
      '--profile',
      'acx',
      '--room-tone',
      'room.wav',
    ]);
    expect(command.settings.options.roomTone).toMatchObject({
      headMs: 600,
      tailMs: 2000,
      clip: { path: path.resolve('room.wav'), maxRmsDb: -60 },
    });
  });

  it('adds room tone from the clip to an export without a profile', () => {
    const command = exportCommand([
      'export',
      'book.timbre',
      '--out',
      'out',
      '--room-tone',
      '/rooms/studio.flac',
    ]);
    expect(command.settings.options.roomTone?.clip).toEqual({ path: '/rooms/studio.flac', maxRmsDb: -60 });
    expect(command.settings.retailProfile).toBeUndefined();
  });

  it('is refused with a profile that lays no room tone, and without a file', () => {
    expect(() =>
      parseCommandLine(
        ['export', 'show.timbre', '--out', 'out', '--profile', 'podcast', '--room-tone', 'room.wav'],
        {},
      ),
    ).toThrow(/--room-tone: the .* profile lays no room tone; leave out --room-tone or --profile/u);
    expect(() => parseCommandLine(['export', 'book.timbre', '--out', 'out', '--room-tone', ' '], {})).toThrow(
      '--room-tone needs a FILE (a WAV, MP3 or FLAC recording of the room)',
    );
  });
});
