import { parseArgs } from 'node:util';
import type { StandinOptions } from './options.js';

const DEFAULT_CLI_PORT = 8787;

export const HELP_TEXT = `Timbre Studio voice service stand-in: a local implementation of the service contract.

Usage: npm run standin -- [options]
       tsx standin/cli.ts [options]

Options:
  --port N            Port on 127.0.0.1 (default ${DEFAULT_CLI_PORT}; 0 picks a free port).
  --data DIR          Folder for persisted state and audio; a restart with the same folder keeps tasks,
                      voices, ledgers and audio (default: a fresh temp folder, deleted on exit).
  --speed F           Divide every simulated processing time by F (default 1: waits of a few seconds;
                      tests use e.g. 50).
  --fail-rate R       Share 0..1 of tasks and voices that end in status "failed" (default 0).
  --rate-limit N      Requests per second per token before 429 RATE_LIMIT_EXCEEDED with Retry-After
                      (default 50; 0 turns the limit off).
  --sync-wait-s S     How long sync:true waits for "processing" before 400 STREAM_TIMEOUT (default 90).
  --latency-ms MS     Delay added before every /api and /files request is handled (default 0).
  --admin             Serve the test surface under /__standin/ (ledger, accounts, timings, faults, queue,
                      offline). Off by default.
  --accounts FILE     Replace the built-in accounts with a JSON array of
                      {token, plan: "free"|"paid", credits, proCloneAccess, proCloneQuota}.
                      Built-in: standin-free (free, 20,000 credits, no pro clone) and standin-paid
                      (paid, 1,000,000 credits, pro clone, quota 3).
  --audio-format F    Container of generated audio: mp3 (default) or wav; always 24 kHz mono.
  --concurrency N     Tasks synthesised at once (default 2).
  --quiet             Do not log internal errors.
  -h, --help          Show this help.

Prints "Stand-in service listening on http://127.0.0.1:<port>" once ready, then the market voice ids.
See standin/README.md for every behaviour chosen where the contract says "not shown".
`;

export type CliCommand = { kind: 'help' } | { kind: 'start'; options: StandinOptions; quiet: boolean };

const FLAGS = {
  help: { type: 'boolean', short: 'h' },
  port: { type: 'string' },
  data: { type: 'string' },
  speed: { type: 'string' },
  'fail-rate': { type: 'string' },
  'rate-limit': { type: 'string' },
  'sync-wait-s': { type: 'string' },
  'latency-ms': { type: 'string' },
  admin: { type: 'boolean' },
  accounts: { type: 'string' },
  'audio-format': { type: 'string' },
  concurrency: { type: 'string' },
  quiet: { type: 'boolean' },
} as const;

/** Parses argv (without node and script) with node:util's parseArgs; errors name the flag and the rule. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new Error(explainParseError(error), { cause: error });
  }
  if (values.help === true) return { kind: 'help' };
  const options: StandinOptions = { port: DEFAULT_CLI_PORT };
  if (values.port !== undefined) options.port = integer('--port', values.port, 0, 65535);
  if (values.data !== undefined) options.dataDir = values.data;
  if (values.speed !== undefined)
    options.speed = number('--speed', values.speed, (n) => n > 0, 'a number above 0');
  if (values['fail-rate'] !== undefined)
    options.failRate = number(
      '--fail-rate',
      values['fail-rate'],
      (n) => n >= 0 && n <= 1,
      'a number in 0..1',
    );
  if (values['rate-limit'] !== undefined)
    options.rateLimit = number(
      '--rate-limit',
      values['rate-limit'],
      (n) => n >= 0,
      'a number >= 0 (0 = off)',
    );
  if (values['sync-wait-s'] !== undefined)
    options.syncWaitS = number(
      '--sync-wait-s',
      values['sync-wait-s'],
      (n) => n >= 0,
      'a number of seconds >= 0',
    );
  if (values['latency-ms'] !== undefined)
    options.latencyMs = number(
      '--latency-ms',
      values['latency-ms'],
      (n) => n >= 0,
      'a number of milliseconds >= 0',
    );
  if (values.admin === true) options.admin = true;
  if (values.accounts !== undefined) options.accounts = values.accounts;
  const format = values['audio-format'];
  if (format !== undefined) {
    if (format !== 'mp3' && format !== 'wav')
      throw new Error(`--audio-format must be mp3 or wav, got ${format}`);
    options.audioFormat = format;
  }
  if (values.concurrency !== undefined)
    options.concurrency = integer('--concurrency', values.concurrency, 1, 64);
  return { kind: 'start', options, quiet: values.quiet === true };
}

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: FLAGS, strict: true, allowPositionals: false });
}

/** parseArgs's own messages, in the words the stand-in's help uses. */
function explainParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/u.exec(message)?.[1];
  if (unknown !== undefined) return `unknown option ${unknown} (see --help)`;
  const missing = /Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/u.exec(message)?.[1];
  if (missing !== undefined) return `${missing} needs a value`;
  const positional = /Unexpected argument '([^']+)'/u.exec(message)?.[1];
  if (positional !== undefined) return `unknown option ${positional} (see --help)`;
  return message;
}

function number(flag: string, text: string, valid: (n: number) => boolean, rule: string): number {
  const parsed = Number(text);
  if (text.trim() === '' || !Number.isFinite(parsed) || !valid(parsed))
    throw new Error(`${flag} must be ${rule}, got ${text}`);
  return parsed;
}

function integer(flag: string, text: string, min: number, max: number): number {
  return number(flag, text, (n) => Number.isInteger(n) && n >= min && n <= max, `an integer ${min}..${max}`);
}
