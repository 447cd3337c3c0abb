import { describe, expect, it } from 'vitest';
import { cliArgumentsOf } from './cli-argv.js';

describe('cliArgumentsOf', () => {
  it('takes everything after the first --cli, Chromium switches before it left to Chromium', () => {
    const binary = '/opt/Timbre Studio/timbre-studio';
    expect(
      cliArgumentsOf([binary, '--ozone-platform=headless', '--cli', 'export', 'a.timbre', '--cli']),
    ).toEqual(['export', 'a.timbre', '--cli']);
    expect(cliArgumentsOf([binary, '--cli'])).toEqual([]);
    // A normal start, and a project opened from the file manager, are not the tool.
    expect(cliArgumentsOf([binary])).toBeUndefined();
    expect(cliArgumentsOf([binary, '/home/ana/--cli.timbre'])).toBeUndefined();
  });
});
