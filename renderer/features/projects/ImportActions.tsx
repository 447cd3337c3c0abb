import type { ImportProgress } from './use-import-run.js';
import { formatCountOf } from '../../shared/format.js';

/**
 * The import dialog's footer: Import (saying what it makes, then how far it has come), Cancel, and the status
 * line of a book's upload or of main's import worker. It stays in view as the dialog scrolls: the progress is
 * told where the user looks, by Cancel.
 */
export function ImportActions({
  ready,
  progress,
  blockCount,
  parts,
  onCancel,
  statuses,
}: {
  ready: boolean;
  progress: ImportProgress | null;
  blockCount: number | undefined;
  parts: number;
  onCancel(): void;
  /** A book's upload and main's import worker, how far each has come in words, with its test id. */
  statuses: readonly { text: string; testId: string }[];
}) {
  return (
    <div className="form-actions import-actions">
      <button type="submit" className="primary" data-testid="import-submit" disabled={!ready}>
        {progressLabel(progress, blockCount, parts)}
      </button>
      <button
        type="button"
        data-testid="import-cancel"
        onClick={onCancel}
        disabled={progress?.phase === 'uploading'}
      >
        Cancel
      </button>
      {statuses.map((status) => (
        <p key={status.testId} className="hint" role="status" data-testid={status.testId}>
          {status.text}
        </p>
      ))}
    </div>
  );
}

function progressLabel(
  progress: ImportProgress | null,
  blockCount: number | undefined,
  parts: number,
): string {
  if (progress === null) {
    if (!blockCount) return 'Import';
    const blocks = formatCountOf(blockCount, 'block', 'blocks');
    return parts > 1
      ? `Import ${blocks} as ${formatCountOf(parts, 'project', 'projects')}`
      : `Import ${blocks} and open`;
  }
  switch (progress.phase) {
    case 'uploading':
      // The file was read for the preview already: this is the import sending it to main.
      return `Importing: sending the file… ${Math.round(progress.fraction * 100)}%`;
    case 'creating':
      return parts > 1 ? `Creating ${formatCountOf(parts, 'project', 'projects')}…` : 'Creating the project…';
    default: {
      const exhaustive: never = progress;
      throw new Error(`Unknown progress ${String(exhaustive)}`);
    }
  }
}
