import type { ErrorRevivers } from '../../../common/workers/worker-error.js';

/** Thrown (and recognised) when an export stops because the user cancelled it. */
export class ExportCancelledError extends Error {
  constructor() {
    super('The export was cancelled');
    this.name = 'ExportCancelledError';
  }
}

export function isExportCancelled(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExportCancelledError';
}

/** Raised when some clips' sources are missing, so the caller can offer to generate them first. */
export class MissingSourcesError extends Error {
  constructor(readonly sourceKeys: readonly string[]) {
    super(`No audio file for source${sourceKeys.length === 1 ? '' : 's'}: ${sourceKeys.join(', ')}`);
    this.name = 'MissingSourcesError';
  }
}

/** The export's errors as the export worker and its helpers send them (common/workers/worker-error.ts), rebuilt. */
export const EXPORT_ERRORS: ErrorRevivers = {
  ExportCancelledError: () => new ExportCancelledError(),
  MissingSourcesError: (error) => {
    const keys = error.fields?.['sourceKeys'];
    return new MissingSourcesError(
      Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [],
    );
  },
};
