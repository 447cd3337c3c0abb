import path from 'node:path';
import { formatBytes } from '../../../../common/text/index.js';
import type { Logger } from '../../logging/logger.js';
import { removeStalePcmPartials } from '../decode/pcm-cache.js';
import { PartialFileLedger } from './partial-file-ledger.js';

/** Where the data folder keeps the record of exports' partial files, and their decoded-audio cache. */
export function exportDataPaths(dataDir: string): { partialFiles: PartialFileLedger; pcmCacheDir: string } {
  return {
    partialFiles: new PartialFileLedger(path.join(dataDir, 'partial-files')),
    pcmCacheDir: path.join(dataDir, 'pcm-cache'),
  };
}

/**
 * At start (the app's, the CLI's): removes the temporary files of exports that a kill or a crash stopped, in the
 * export folders (only those the ledger recorded) and in the decoded-audio cache. Started, not awaited: the
 * recorded paths are in folders the user chose, and one on a network share that no longer answers can block a
 * file call for ever, so the start never waits for the sweep. The sweep only touches records of processes that
 * are gone (never this process's own exports, see PartialFileLedger), so running beside them is safe. Never
 * rejects: what cannot be removed now is tried again next time, and the log says what was done.
 */
export function removeLeftoverPartials(
  partialFiles: PartialFileLedger,
  pcmCacheDir: string,
  logger: Logger,
): Promise<void> {
  return sweepLeftovers(partialFiles, pcmCacheDir, logger).catch((error: unknown) =>
    logger.warn('Could not remove partial files left by stopped exports', error),
  );
}

async function sweepLeftovers(partialFiles: PartialFileLedger, pcmCacheDir: string, logger: Logger) {
  // The data folder's cache first: a user's folder that hangs must not keep it from being cleaned.
  const cache = await removeStalePcmPartials(pcmCacheDir);
  const exports = await partialFiles.sweep();
  for (const { record, error } of exports.failed) {
    logger.warn(
      `Could not remove the partial files listed in ${record}; trying again at the next start`,
      error,
    );
  }
  const removed = exports.removed.length + cache.removed;
  if (removed > 0) {
    logger.info(
      `Removed ${removed} partial file${removed === 1 ? '' : 's'} (${formatBytes(exports.bytes + cache.bytes)}) left by exports that were stopped`,
      exports.removed,
    );
  }
  if (exports.kept.length > 0) {
    logger.warn('Left alone recorded partial files that are no longer what the export made', exports.kept);
  }
}
