import { describe, expect, it } from 'vitest';
import { HELP_TEXT, parseCliArgs } from './cli-options.js';

describe('parseCliArgs', () => {
  it('maps every flag to its option (space or = separated)', () => {
    const command = parseCliArgs([
      '--port',
      '0',
      '--data=/tmp/x',
      '--speed',
      '20',
      '--fail-rate',
      '0.25',
      '--rate-limit',
      '5',
      '--sync-wait-s',
      '1.5',
      '--latency-ms',
      '30',
      '--admin',
      '--accounts',
      'a.json',
      '--audio-format',
      'wav',
      '--concurrency',
      '3',
    ]);
    expect(command).toEqual({
      kind: 'start',
      quiet: false,
      options: {
        port: 0,
        dataDir: '/tmp/x',
        speed: 20,
        failRate: 0.25,
        rateLimit: 5,
        syncWaitS: 1.5,
        latencyMs: 30,
        admin: true,
        accounts: 'a.json',
        audioFormat: 'wav',
        concurrency: 3,
      },
    });
  });

  it('defaults to port 8787', () => {
    expect(parseCliArgs([])).toEqual({ kind: 'start', quiet: false, options: { port: 8787 } });
  });

  it('rejects bad values naming the flag and the rule', () => {
    expect(() => parseCliArgs(['--port', '70000'])).toThrow('--port must be an integer 0..65535, got 70000');
    expect(() => parseCliArgs(['--fail-rate', '2'])).toThrow(/--fail-rate must be a number in 0\.\.1/);
    expect(() => parseCliArgs(['--speed', '0'])).toThrow(/--speed must be a number above 0/);
    expect(() => parseCliArgs(['--audio-format', 'ogg'])).toThrow(/--audio-format must be mp3 or wav/);
    expect(() => parseCliArgs(['--speed'])).toThrow('--speed needs a value');
    expect(() => parseCliArgs(['--bogus'])).toThrow(/unknown option --bogus/);
  });

  it('documents every option in --help', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    for (const flag of [
      '--port',
      '--data',
      '--speed',
      '--fail-rate',
      '--rate-limit',
      '--sync-wait-s',
      '--latency-ms',
      '--admin',
      '--accounts',
      '--audio-format',
      '--concurrency',
      '--quiet',
      '--help',
    ]) {
      expect(HELP_TEXT).toContain(flag);
    }
  });
});
