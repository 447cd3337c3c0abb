import { assertToolsPresent } from '../scripts/system-tools.mjs';
import { StandinHttpServer } from './http-server.js';
import { resolveOptions, type StandinOptions } from './options.js';
import type { AccountState, LedgerEntry, SegmentTiming } from './state/schema.js';
import { StandinApp } from './standin-app.js';
import type { FaultRule, FaultRuleInput } from './traffic/faults.js';
import { MARKET_VOICES } from './voices/market-voices.js';

export type { StandinOptions } from './options.js';
export type { AccountState, LedgerEntry, SegmentTiming } from './state/schema.js';
export type { FaultRule, FaultRuleInput } from './traffic/faults.js';
export { BUILT_IN_ACCOUNTS } from './accounts/account-seed.js';

export interface MarketVoiceInfo {
  id: string;
  idForGenerate: string;
  name: string;
  language: string;
  /** Style ids (`promptId` values); `default` first. */
  styles: string[];
}

/** A started stand-in. The helpers work whether or not the HTTP admin surface is on. */
export interface RunningStandin {
  /** `http://127.0.0.1:<port>` (no trailing slash); the API is under `${url}/api`. */
  url: string;
  port: number;
  dataDir: string;
  /** `${url}/__standin` when started with admin, else undefined. */
  adminUrl: string | undefined;
  marketVoices: MarketVoiceInfo[];
  /** Stops everything, persists state, deletes the data folder if it was a temp one. */
  close(): Promise<void>;
  /** Stops listening (connections refused) until goOnline(). State and queue keep running. */
  goOffline(): Promise<void>;
  goOnline(): Promise<void>;
  injectFault(rule: FaultRuleInput): FaultRule;
  clearFaults(): void;
  /** The fault rules not used up yet. */
  faults(): FaultRule[];
  /** Pauses the generation queue (tasks stay `pending`), e.g. to line up tasks for a priority test. */
  setQueuePaused(paused: boolean): void;
  /** Divides the simulated processing time of tasks that start from now on by `speed` (like --speed). */
  setTaskSpeed(speed: number): void;
  ledger(filter?: { kind?: 'task' | 'voice'; token?: string }): LedgerEntry[];
  accounts(): (AccountState & { availableCredits: number })[];
  /** True sentence start/end times inside each segment of a generated task. */
  sentenceTimings(taskId: string): SegmentTiming[] | undefined;
  /** When the service started and finished working on a task (ISO timestamps), for benchmarks. */
  taskTimes(taskId: string): { startedAt: string | undefined; finishedAt: string | undefined } | undefined;
}

/** Starts the stand-in on 127.0.0.1 (port 0 = a free port) and resolves once it accepts connections. */
export async function startStandin(options: StandinOptions = {}): Promise<RunningStandin> {
  // Up front, so a missing espeak-ng or ffmpeg is named with how to get it, not met as a bare ENOENT mid-task.
  assertToolsPresent('standin', 'The stand-in service');
  const resolved = resolveOptions(options);
  const app = await StandinApp.create(resolved);
  const server = new StandinHttpServer(app);
  let port: number;
  try {
    port = await server.listen(resolved.port, resolved.host);
  } catch (error) {
    await app.close();
    throw error;
  }
  const url = `http://${resolved.host}:${port}`;
  app.files.setOrigin(url);
  app.resume();
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    dataDir: app.dataDir,
    adminUrl: resolved.admin ? `${url}/__standin` : undefined,
    marketVoices: MARKET_VOICES.map((voice) => ({
      id: voice.id,
      idForGenerate: voice.idForGenerate,
      name: voice.name,
      language: voice.language,
      styles: voice.styles.map((style) => style.id),
    })),
    close: () => {
      closing ??= server.close().then(() => app.close());
      return closing;
    },
    goOffline: () => server.stopListening(),
    goOnline: async () => {
      if (!server.isListening) await server.listen(port, resolved.host);
    },
    injectFault: (rule) => app.faults.add(rule),
    clearFaults: () => app.faults.clear(),
    faults: () => app.faults.list(),
    setQueuePaused: (paused) => app.tasks.queue.setPaused(paused),
    setTaskSpeed: (speed) => app.tasks.setSpeed(speed),
    ledger: (filter) => app.ledger.entries(filter),
    accounts: () =>
      app.accounts
        .all()
        .map((account) => ({ ...account, availableCredits: app.accounts.availableCredits(account) })),
    sentenceTimings: (taskId) => app.tasks.find(taskId)?.timings,
    taskTimes: (taskId) => {
      const task = app.tasks.find(taskId);
      return task && { startedAt: task.startedAt, finishedAt: task.finishedAt };
    },
  };
}
