import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { KeytarSecretStore } from '../../main/services/secrets/keytar-secret-store.js';
import type { RunningStandin, StandinOptions } from '../../standin/index.js';
import type { RunningApp } from './app-process.js';
import { startApp } from './app-process.js';
import { startSuiteStandin } from './standin.js';

export type SuiteStandin = RunningStandin & { dispose(): Promise<void> };

export interface JourneyOptions {
  /** What the app starts beside: no service at all (offline, signed out), or the suite's stand-in, signed in. */
  service: 'none' | 'standin';
  /** Options of the suite's stand-in (set once per file with test.use). */
  standinOptions: StandinOptions;
  /**
   * `'past'` (the default): a fresh data folder's settings say the user already chose "Start without signing in",
   * so journeys start on the Projects page. `'installed'`: nothing is seeded, so with `service: 'none'` the app
   * starts as an installed one does on its first run, on the welcome page.
   */
  firstRun: 'past' | 'installed';
}

export interface LaunchOptions {
  /** Reopen this data folder (a restart); a fresh one otherwise. */
  dataDir?: string;
  /** Start on the last launch's address, as `npm start` does. */
  rememberAddress?: boolean;
  env?: Record<string, string>;
}

interface JourneyFixtures {
  /** A fresh home folder for the test, as a new user has: the default export folder does not exist yet. */
  home: string;
  /** The suite's stand-in: one per test file, started when a test of the file first needs it. */
  standin: SuiteStandin;
  /** Starts the built browser shell (again); every app started is stopped, and its folders deleted, after the test. */
  launchApp: (options?: LaunchOptions) => Promise<RunningApp>;
  /** The app of this test, in its own data folder. */
  app: RunningApp;
}

interface SuiteFixtures {
  suiteStandins: SuiteStandins;
}

/** Keeps the stand-in of the file being run, and stops it (forgetting its keychain entry) when the next file starts. */
class SuiteStandins {
  private current: { file: string; standin: SuiteStandin } | undefined;

  async forFile(file: string, options: StandinOptions): Promise<SuiteStandin> {
    if (this.current?.file === file) return this.current.standin;
    await this.close();
    const standin = await startSuiteStandin(options);
    this.current = { file, standin };
    return standin;
  }

  async close(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    if (!current) return;
    await new KeytarSecretStore().delete(current.standin.url).catch(() => false);
    await current.standin.dispose();
  }
}

export const test = base.extend<JourneyFixtures & JourneyOptions, SuiteFixtures>({
  service: ['none', { option: true }],
  firstRun: ['past', { option: true }],
  standinOptions: [{}, { option: true }],

  suiteStandins: [
    async ({}, use) => {
      const standins = new SuiteStandins();
      await use(standins);
      await standins.close();
    },
    { scope: 'worker' },
  ],

  standin: async ({ suiteStandins, standinOptions }, use, testInfo) => {
    const standin = await suiteStandins.forFile(testInfo.file, standinOptions);
    await use(standin);
    // A journey that paused the queue or injected faults leaves the next one a normal service.
    standin.setQueuePaused(false);
    standin.clearFaults();
  },

  home: async ({}, use) => {
    const home = await mkdtemp(path.join(tmpdir(), 'timbre-e2e-home-'));
    await use(home);
    await rm(home, { recursive: true, force: true });
  },

  launchApp: async ({ service, firstRun, home, suiteStandins, standinOptions }, use, testInfo) => {
    const apps: RunningApp[] = [];
    const dataDirs = new Set<string>();
    await use(async (options = {}) => {
      const standin =
        service === 'standin' ? await suiteStandins.forFile(testInfo.file, standinOptions) : undefined;
      const app = await startApp({
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        ...(options.rememberAddress ? { rememberAddress: true } : {}),
        ...(firstRun === 'past' ? { seedSettings: { welcomeDismissed: true } } : {}),
        env: {
          HOME: home,
          // Beside the stand-in the app signs in to it and lists its market voices, as `npm start` does.
          TIMBRE_STANDIN_URL: standin?.url ?? '',
          TIMBRE_STANDIN_VOICES: standin?.marketVoices.map((voice) => voice.id).join(',') ?? '',
          ...options.env,
        },
      });
      apps.push(app);
      dataDirs.add(app.dataDir);
      return app;
    });
    for (const app of apps) await app.stop();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  },

  app: async ({ launchApp }, use) => {
    await use(await launchApp());
  },
});

export { expect };
