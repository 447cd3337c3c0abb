import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningStandin, StandinOptions } from '../../standin/index.js';
import { startStandin } from '../../standin/index.js';

/** A fresh stand-in of the service for one suite, fast enough for journeys, with its own data folder. */
export async function startSuiteStandin(
  options: StandinOptions = {},
): Promise<RunningStandin & { dispose(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-e2e-standin-'));
  const standin = await startStandin({ speed: 20, rateLimit: 0, admin: true, dataDir, ...options });
  return Object.assign(standin, {
    async dispose() {
      await standin.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  });
}
