import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { RunningStandin } from '../../../../standin/index.js';
import { startStandin } from '../../../../standin/index.js';
import { JobManager } from '../../jobs/index.js';
import { ServiceClient } from '../../service-client/index.js';
import {
  LONG_SPEECH,
  SHORT_SPEECH,
  writeSpeechWav,
} from '../../service-client/test-support/speech-fixture.js';
import type { VoiceEntry } from '../voice-entry.js';
import type { VoiceJobDetails } from '../voice-from-job.js';
import type { VoiceLibrary } from '../voice-library.js';
import { VoiceLibraryError } from '../voice-library-error.js';

/** The paid token the stand-in takes. */
export const TOKEN = 'standin-paid';
const FAST_POLLS = { firstDelayMs: 20, maxDelayMs: 60, longRunningMaxDelayMs: 60 };

/** The voice library tests' world: the real stand-in over HTTP per file, a fresh data folder per test. */
export interface VoiceLibraryWorld {
  readonly workDir: string;
  /** A recording long enough for a clone, and one too short. */
  readonly speechPath: string;
  readonly shortSpeechPath: string;
  readonly standin: RunningStandin;
  readonly client: ServiceClient;
  /** This test's data folder. */
  readonly dataDir: string;
  /** The stand-in's market voice Aria. */
  aria: () => RunningStandin['marketVoices'][number];
  /** A started job manager on this test's data folder, polling fast; stopped after the test. */
  startManager: (serviceClient?: ServiceClient) => Promise<JobManager>;
  /** Stops the managers started so far, now (before a test closes a service they use). */
  stopManagers: () => Promise<void>;
}

export function useVoiceLibraryWorld(): VoiceLibraryWorld {
  let workDir = '';
  let speechPath = '';
  let shortSpeechPath = '';
  let standin: RunningStandin | undefined;
  let client: ServiceClient | undefined;
  let dataDir = '';
  const managers: JobManager[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'timbre-voices-'));
    [speechPath, shortSpeechPath, standin] = await Promise.all([
      writeSpeechWav(workDir, 'speech.wav', LONG_SPEECH),
      writeSpeechWav(workDir, 'short.wav', SHORT_SPEECH),
      startStandin({ speed: 100, rateLimit: 0, admin: true }),
    ]);
    client = new ServiceClient({ baseUrl: standin.url, getToken: () => TOKEN, timeoutMs: 10_000 });
  });
  afterAll(async () => {
    client?.close();
    await standin?.close();
    await rm(workDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(workDir, 'app-'));
  });
  afterEach(async () => {
    for (const manager of managers.splice(0)) await manager.stop();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the voice library world is read before its beforeAll ran');
    return value;
  };
  const world: VoiceLibraryWorld = {
    get workDir() {
      return workDir;
    },
    get speechPath() {
      return speechPath;
    },
    get shortSpeechPath() {
      return shortSpeechPath;
    },
    get standin() {
      return started(standin);
    },
    get client() {
      return started(client);
    },
    get dataDir() {
      return dataDir;
    },
    aria: () => {
      const voice = world.standin.marketVoices.find((candidate) => candidate.name === 'Aria');
      if (!voice) throw new Error('the stand-in has no Aria');
      return voice;
    },
    startManager: async (serviceClient = world.client) => {
      const manager = new JobManager({
        client: serviceClient,
        dataDir,
        schedule: FAST_POLLS,
        stopGraceMs: 0,
      });
      managers.push(manager);
      await manager.start();
      return manager;
    },
    stopManagers: async () => {
      await Promise.all(managers.splice(0).map((manager) => manager.stop()));
    },
  };
  return world;
}

/**
 * Wires the library to a job manager the way the app does: every job update is applied, in order. Records
 * every state the library showed for the job, so the tests can check the visible progression.
 */
export function follow(library: VoiceLibrary, manager: JobManager, details?: VoiceJobDetails) {
  const seen: Array<Pick<VoiceEntry, 'id' | 'state' | 'status'>> = [];
  let chain: Promise<unknown> = Promise.resolve();
  const unsubscribe = manager.onEvent((event) => {
    if (event.type !== 'job-updated') return;
    chain = chain.then(async () => {
      const entry = await library.applyVoiceJob(event.job, details);
      const last = seen.at(-1);
      if (entry && (last?.state !== entry.state || last.status !== entry.status || last.id !== entry.id)) {
        seen.push({ id: entry.id, state: entry.state, status: entry.status });
      }
    });
  });
  return {
    seen,
    /** Waits for the events so far, then applies each job's latest record: an update emitted after waitFor()
     * resolved (the job file being written) would otherwise be missed, as the app never misses it. */
    settled: async () => {
      await chain;
      unsubscribe();
      for (const record of manager.list()) await library.applyVoiceJob(record, details);
    },
  };
}

export async function expectLibraryError(
  promise: Promise<unknown>,
  code: string,
): Promise<VoiceLibraryError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(VoiceLibraryError);
  expect((error as VoiceLibraryError).code).toBe(code);
  return error as VoiceLibraryError;
}
