import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where a queued export's cover waits (under the data folder): it may run after a restart, past staging's sweep. */
export const QUEUED_COVERS_FOLDER = 'queued-covers';

/**
 * Removes the kept covers no queued item names any more (its item finished and was cleared, or removed). Run at
 * start-up only, before any export can be queued: a cover is moved in just before its item is added, and a sweep
 * between the two would take it. Returns the names removed; a file that cannot be removed is left for next time.
 */
export async function sweepQueuedCovers(
  dataDir: string,
  coverPaths: readonly (string | undefined)[],
): Promise<string[]> {
  const folder = path.join(dataDir, QUEUED_COVERS_FOLDER);
  const kept = new Set(coverPaths.filter((coverPath) => coverPath !== undefined).map((p) => path.resolve(p)));
  const names = await readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const filePath = path.join(folder, name);
    if (kept.has(filePath)) continue;
    const gone = await rm(filePath, { force: true }).then(
      () => true,
      () => false,
    );
    if (gone) removed.push(name);
  }
  return removed;
}
