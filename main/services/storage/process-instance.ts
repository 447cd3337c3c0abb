import { randomUUID } from 'node:crypto';
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';

/** The key under which worker threads receive the id of the process they run in. */
const INSTANCE_KEY = 'timbre.processInstance';

/**
 * This process's instance id, for files a process owns while it runs (the export ledger's records, the
 * decoded-audio cache's partial files). A pid alone does not say which run made such a file: in a container or a
 * Flatpak the app often gets the same pid at every launch, so a file left by a killed earlier run carries the pid
 * this process has now. A file with this process's pid is its own only if it also carries this id.
 *
 * One id for the whole process, worker threads included (the cache's partials are written by the export's
 * workers, the sweep runs on the main thread): the first thread to load this module makes it and hands it down
 * as environment data, which every worker started afterwards receives a copy of. launchWorker loads this module,
 * so the id exists before the first worker starts.
 */
function processInstance(): string {
  const inherited = getEnvironmentData(INSTANCE_KEY);
  if (typeof inherited === 'string') return inherited;
  const made = randomUUID();
  setEnvironmentData(INSTANCE_KEY, made);
  return made;
}

export const PROCESS_INSTANCE = processInstance();
