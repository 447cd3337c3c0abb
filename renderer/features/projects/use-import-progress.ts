import { useEffect, useState } from 'react';
import type { TimbreClient } from '../../../common/ipc/api.js';
import type { ImportProgressEvent } from '../../../common/ipc/project-methods.js';
import { formatCountOf } from '../../shared/format.js';

type ShownProgress = Pick<ImportProgressEvent, 'phase' | 'fraction'>;

/** Which of the worker's runs over a file is shown: the preview of it, or the import the user started after it. */
export type ImportRun = 'preview' | 'import';

/**
 * How far main's import worker has come with the run `run` of `importId` (null: none heard
 * yet). The preview and the import of a staged file share its id, so each run starts afresh: the import does not
 * begin at the preview's last figure. Within a run the figure only goes forward (a late report of an earlier phase
 * is not shown), so the user never sees the percentage drop.
 */
export function useImportProgress(
  client: TimbreClient,
  importId: string | null,
  run: ImportRun,
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

type WorkingPhase = Exclude<ImportProgressEvent['phase'], 'waiting'>;

const PREVIEW_PHASE_TEXT: Record<WorkingPhase, (what: string, projects: string) => string> = {
  reading: (what) => `Reading ${what}`,
  parsing: (what) => `Parsing ${what}`,
  splitting: (what) => `Splitting ${what} into blocks`,
  building: (what, projects) => `Making ${projects} from ${what}`,
  checking: (what, projects) => `Checking ${projects} from ${what}`,
};

/**
 * The import reads and parses the file a second time (the preview's parse is not kept), so its figure starts at 0
 * again: every phase is worded as the import's, "again" where it repeats the preview's work, so users do not take
 * it for the preview starting over.
 */
const IMPORT_PHASE_TEXT: Record<WorkingPhase, (projects: string) => string> = {
  reading: () => 'reading it again',
  parsing: () => 'parsing it again',
  splitting: () => 'splitting it into blocks',
  building: (projects) => `making ${projects}`,
  checking: (projects) => `checking ${projects}`,
};

/**
 * What the import worker is doing, for the dialog's status line: for the preview "Parsing “notes.csv”… 40%",
 * "Making the 7 projects from “big.csv”… 70%"; for the import "Importing “big.csv”: reading it again… 5%".
 * `parts` is how many projects the preview said the import makes.
 */
export function importProgressText(
  progress: ShownProgress | null,
  what: string,
  parts: number,
  run: ImportRun,
): string {
  const projects = parts > 1 ? `the ${formatCountOf(parts, 'project', 'projects')}` : 'the project';
  if (run === 'import') {
    if (progress === null) return `Importing ${what}…`;
    // Two imports run at once; this one starts when one of them ends (Cancel still works meanwhile).
    if (progress.phase === 'waiting') return `Importing ${what}: waiting for another import to finish…`;
    return `Importing ${what}: ${IMPORT_PHASE_TEXT[progress.phase](projects)}… ${percent(progress.fraction)}`;
  }
  if (progress === null) return `Starting to read ${what}…`;
  if (progress.phase === 'waiting') return `Waiting for another import to finish before reading ${what}…`;
  return `${PREVIEW_PHASE_TEXT[progress.phase](what, projects)}… ${percent(progress.fraction)}`;
}

function percent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}
