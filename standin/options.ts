import type { AccountSeed } from './accounts/account-seed.js';

export type AudioFormat = 'mp3' | 'wav';

/** Options of the stand-in; each mirrors a CLI flag (see cli-options.ts for the flag names and help). */
export interface StandinOptions {
  /** TCP port on 127.0.0.1; 0 picks a free one. Default 0 (the CLI defaults to 8787). */
  port?: number;
  /** Interface to bind. Default 127.0.0.1: the stand-in is a local developer tool. */
  host?: string;
  /** Folder for persisted state and audio. Default: a fresh temp folder, deleted on close. */
  dataDir?: string;
  /** Processing times are divided by this factor. Default 1 (waits of a few seconds). */
  speed?: number;
  /** Share (0..1) of tasks and voices that end in failure. Default 0. */
  failRate?: number;
  /** Requests per second per token before 429s; 0 turns the limit off. Default 50. */
  rateLimit?: number;
  /** How long `sync: true` waits for `processing`, in seconds. Default 90 (the contract's figure). */
  syncWaitS?: number;
  /** Delay added before every /api and /files request is handled, in ms. Default 0. */
  latencyMs?: number;
  /** Serves the /__standin/ admin surface. Default false. */
  admin?: boolean;
  /** Replaces the built-in accounts: a JSON file path or the accounts themselves. */
  accounts?: string | AccountSeed[];
  /** Container of generated audio. Default mp3. */
  audioFormat?: AudioFormat;
  /** How many tasks are synthesised at once. Default 2 (the machines have 2 cores). */
  concurrency?: number;
  /** Where log lines go. Default: nowhere (the CLI passes console.log). */
  log?: (line: string) => void;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  dataDir: string | undefined;
  speed: number;
  failRate: number;
  rateLimit: number;
  syncWaitS: number;
  latencyMs: number;
  admin: boolean;
  accounts: string | AccountSeed[] | undefined;
  audioFormat: AudioFormat;
  concurrency: number;
  log: (line: string) => void;
}

export function resolveOptions(options: StandinOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    dataDir: options.dataDir,
    speed: options.speed ?? 1,
    failRate: options.failRate ?? 0,
    rateLimit: options.rateLimit ?? 50,
    syncWaitS: options.syncWaitS ?? 90,
    latencyMs: options.latencyMs ?? 0,
    admin: options.admin ?? false,
    accounts: options.accounts,
    audioFormat: options.audioFormat ?? 'mp3',
    concurrency: options.concurrency ?? 2,
    log: options.log ?? (() => undefined),
  };
  assertOption(
    'port',
    Number.isInteger(resolved.port) && resolved.port >= 0 && resolved.port <= 65535,
    'an integer 0..65535',
  );
  assertOption('speed', Number.isFinite(resolved.speed) && resolved.speed > 0, 'a number above 0');
  assertOption('failRate', resolved.failRate >= 0 && resolved.failRate <= 1, 'a number in 0..1');
  assertOption(
    'rateLimit',
    Number.isFinite(resolved.rateLimit) && resolved.rateLimit >= 0,
    'a number >= 0 (0 = off)',
  );
  assertOption(
    'syncWaitS',
    Number.isFinite(resolved.syncWaitS) && resolved.syncWaitS >= 0,
    'a number of seconds >= 0',
  );
  assertOption(
    'latencyMs',
    Number.isFinite(resolved.latencyMs) && resolved.latencyMs >= 0,
    'a number of ms >= 0',
  );
  assertOption(
    'audioFormat',
    resolved.audioFormat === 'mp3' || resolved.audioFormat === 'wav',
    "'mp3' or 'wav'",
  );
  assertOption(
    'concurrency',
    Number.isInteger(resolved.concurrency) && resolved.concurrency >= 1,
    'an integer >= 1',
  );
  return resolved;
}

function assertOption(name: string, ok: boolean, rule: string): void {
  if (!ok) throw new Error(`Stand-in option ${name} must be ${rule}`);
}

/**
 * Simulated durations at speed 1, chosen to feel like a remote service (a few seconds); every one is divided
 * by the speed factor. Real synthesis time is added on top only when it is longer.
 */
export const REALISTIC_TIMINGS_MS = {
  /** A task waits at least this long in `pending` before a worker may take it. */
  taskAdmission: 800,
  /** Base processing time of a task, plus a per-character share, capped. */
  taskProcessingBase: 1500,
  taskProcessingPerCharacter: 10,
  taskProcessingCap: 20_000,
  /** Quick clone: `creating` → `pending`. */
  quickClone: 3000,
  /** Professional clone: `lora-pending` → `lora-awaiting` → `lora-success`. */
  loraQueue: 3000,
  loraTraining: 10_000,
} as const;

export function scaledMs(realisticMs: number, speed: number): number {
  return Math.round(realisticMs / speed);
}
