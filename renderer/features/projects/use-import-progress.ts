import { useEffect, useState } from 'react';
import type { TimbreClient } from '../../../common/ipc/api.js';
import type { ImportProgressEvent } from '../../../common/ipc/project-methods.js';

/** How far main's import worker has come with the preview or import named `importId` (null: none heard yet). */
export function useImportProgress(
  client: TimbreClient,
  importId: string | null,
): Pick<ImportProgressEvent, 'phase' | 'fraction'> | null {
  const [progress, setProgress] = useState<ImportProgressEvent | null>(null);
  useEffect(() => {
    if (importId === null) return;
    return client.on('projects.importProgress', (event) => {
      if (event.importId === importId) setProgress(event);
    });
  }, [client, importId]);
  return progress !== null && progress.importId === importId ? progress : null;
}

const PHASE_TEXT: Record<Exclude<ImportProgressEvent['phase'], 'waiting'>, (what: string) => string> = {
  reading: (what) => `Reading ${what}`,
  parsing: (what) => `Parsing ${what}`,
  splitting: (what) => `Splitting ${what} into blocks`,
  building: (what) => `Making the projects from ${what}`,
  checking: (what) => `Checking the projects from ${what}`,
};

/** "Parsing “notes.csv”… 40%": what the import worker is doing, for the dialog's status line. */
export function importProgressText(
  progress: Pick<ImportProgressEvent, 'phase' | 'fraction'> | null,
  what: string,
): string {
  if (progress === null) return `Starting to read ${what}…`;
  // Two imports run at once; this one starts when one of them ends (Cancel still works meanwhile).
  if (progress.phase === 'waiting') return `Waiting for another import to finish before reading ${what}…`;
  return `${PHASE_TEXT[progress.phase](what)}… ${Math.round(progress.fraction * 100)}%`;
}
