import type { StandinOptions } from './options.js';

export const DEFAULT_CLI_PORT = 8787;

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

/** Parses argv (without node and script); errors name the flag and the rule. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const options: StandinOptions = { port: DEFAULT_CLI_PORT };
  let quiet = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    const [flag, inlineValue] = arg.startsWith('--') && arg.includes('=') ? splitOnce(arg) : [arg, undefined];
    const value = (): string => {
      if (inlineValue !== undefined) return inlineValue;
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value`);
      index += 1;
      return next;
    };
    switch (flag) {
      case '-h':
      case '--help':
        return { kind: 'help' };
      case '--port':
        options.port = integer(flag, value(), 0, 65535);
        break;
      case '--data':
        options.dataDir = value();
        break;
      case '--speed':
        options.speed = number(flag, value(), (n) => n > 0, 'a number above 0');
        break;
      case '--fail-rate':
        options.failRate = number(flag, value(), (n) => n >= 0 && n <= 1, 'a number in 0..1');
        break;
      case '--rate-limit':
        options.rateLimit = number(flag, value(), (n) => n >= 0, 'a number >= 0 (0 = off)');
        break;
      case '--sync-wait-s':
        options.syncWaitS = number(flag, value(), (n) => n >= 0, 'a number of seconds >= 0');
        break;
      case '--latency-ms':
        options.latencyMs = number(flag, value(), (n) => n >= 0, 'a number of milliseconds >= 0');
        break;
      case '--admin':
        options.admin = true;
        break;
      case '--accounts':
        options.accounts = value();
        break;
      case '--audio-format': {
        const format = value();
        if (format !== 'mp3' && format !== 'wav')
          throw new Error(`--audio-format must be mp3 or wav, got ${format}`);
        options.audioFormat = format;
        break;
      }
      case '--concurrency':
        options.concurrency = integer(flag, value(), 1, 64);
        break;
      case '--quiet':
        quiet = true;
        break;
      default:
        throw new Error(`unknown option ${arg} (see --help)`);
    }
  }
  return { kind: 'start', options, quiet };
}

function splitOnce(arg: string): [string, string] {
  const at = arg.indexOf('=');
  return [arg.slice(0, at), arg.slice(at + 1)];
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
