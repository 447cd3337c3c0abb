import { useEffect, useState } from 'react';
import type { TimbreClient } from '../../../common/ipc/api.js';
import type { ImportProgressEvent } from '../../../common/ipc/project-methods.js';

type ShownProgress = Pick<ImportProgressEvent, 'phase' | 'fraction'>;

/**
 * How far main's import worker has come with the run `run` ('preview', 'import') of `importId` (null: none heard
 * yet). The preview and the import of a staged file share its id, so each run starts afresh: the import does not
 * begin at the preview's last figure. Within a run the figure only goes forward (a late report of an earlier phase
 * is not shown), so the user never sees the percentage drop.
 */
export function useImportProgress(
  client: TimbreClient,
  importId: string | null,
  run: string,
): ShownProgress | null {
  const key = importId === null ? null : `${run}:${importId}`;
  const [progress, setProgress] = useState<(ShownProgress & { key: string }) | null>(null);
  useEffect(() => {
    if (importId === null || key === null) return;
    return client.on('projects.importProgress', (event) => {
      if (event.importId !== importId) return;
      setProgress((current) =>
        current?.key === key && current.fraction > event.fraction
          ? current
          : { key, phase: event.phase, fraction: event.fraction },
      );
    });
  }, [client, importId, key]);
  return progress !== null && progress.key === key ? progress : null;
}

const PHASE_TEXT: Record<
  Exclude<ImportProgressEvent['phase'], 'waiting'>,
  (what: string, projects: string) => string
> = {
  reading: (what) => `Reading ${what}`,
  parsing: (what) => `Parsing ${what}`,
  splitting: (what) => `Splitting ${what} into blocks`,
  building: (what, projects) => `Making ${projects} from ${what}`,
  checking: (what, projects) => `Checking ${projects} from ${what}`,
};

/**
 * "Parsing “notes.csv”… 40%", "Making the 7 projects from “big.csv”… 70%": what the import worker is doing, for
 * the dialog's status line; `parts` is how many projects the preview said the import makes.
 */
export function importProgressText(progress: ShownProgress | null, what: string, parts = 1): string {
  if (progress === null) return `Starting to read ${what}…`;
  // Two imports run at once; this one starts when one of them ends (Cancel still works meanwhile).
  if (progress.phase === 'waiting') return `Waiting for another import to finish before reading ${what}…`;
  const projects = parts > 1 ? `the ${parts} projects` : 'the project';
  return `${PHASE_TEXT[progress.phase](what, projects)}… ${Math.round(progress.fraction * 100)}%`;
}
