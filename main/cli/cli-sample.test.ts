import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError, type ExportCommand } from './cli-args.js';

const ACX = ['export', 'book.timbre', '--out', 'out', '--profile', 'acx'];

function exportCommand(argv: string[]): ExportCommand {
  const command = parseCommandLine(argv, {});
  if (command.kind !== 'export') throw new Error(`not an export: ${command.kind}`);
  return command;
}

describe('timbre export --profile … --sample-start --sample-length', () => {
  it('starts the sample at a block number or a time, with the length asked, over the profile’s settings', () => {
    expect(exportCommand([...ACX, '--sample-start', '12', '--sample-length', '90']).settings).toMatchObject({
      retailProfile: 'acx',
      options: { audio: { format: 'mp3', bitrateKbps: 192 } },
      retailSample: { start: { blockNumber: 12 }, lengthSeconds: 90 },
    });
    expect(exportCommand([...ACX, '--sample-start', '4:30']).settings.retailSample).toEqual({
      start: { atMs: 270_000 },
    });
  });

  it('leaves the sample to the studio’s proposal without the flags', () => {
    expect(exportCommand(ACX).settings.retailSample).toBeUndefined();
  });

  it('refuses the flags without a profile, a length outside the profile’s bounds and an unreadable start', () => {
    const refusal = (argv: string[]): string => {
      try {
        parseCommandLine(argv, {});
      } catch (error) {
        if (error instanceof UsageError) return error.message;
        throw error;
      }
      throw new Error('accepted');
    };
    expect(refusal(['export', 'book.timbre', '--out', 'out', '--sample-start', '3'])).toMatch(
      /^--sample-start and --sample-length place a retailer delivery’s sample: add --profile/u,
    );
    expect(refusal([...ACX, '--sample-length', '400'])).toBe(
      '--sample-length must be seconds from 60 to 300 (got “400”) for ACX (Audible, Amazon, Apple through ACX)',
    );
    expect(refusal([...ACX, '--sample-start', '0'])).toMatch(/block number from 1/u);
    expect(refusal([...ACX, '--sample-start', '4:75'])).toMatch(
      /^--sample-start must be .*Seconds must be under 60\./u,
    );
  });
});
