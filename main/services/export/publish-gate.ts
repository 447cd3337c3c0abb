import { ExportCancelledError } from './export-errors.js';
import type { RunHooks } from './export-types.js';

/** Throws ExportCancelledError unless the export still stands just before its outputs are published. */
export async function confirmPublish(hooks: RunHooks): Promise<void> {
  if (hooks.isCancelled?.() === true) throw new ExportCancelledError();
  if (hooks.mayPublish && !(await hooks.mayPublish())) throw new ExportCancelledError();
}
