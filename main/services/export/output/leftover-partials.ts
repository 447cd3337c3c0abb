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
 * export folders (only those the ledger recorded) and in the decoded-audio cache. Never fails the start: what
 * cannot be removed now is tried again next time, and the log says what was done.
 */
export async function removeLeftoverPartials(
  partialFiles: PartialFileLedger,
  pcmCacheDir: string,
  logger: Logger,
): Promise<void> {
  try {
    const exports = await partialFiles.sweep();
    const cache = await removeStalePcmPartials(pcmCacheDir);
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
  } catch (error) {
    logger.warn('Could not remove partial files left by stopped exports', error);
  }
}
