import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { formatClock } from '../../shared/format.js';
import type { ExportRun } from '../../stores/export-jobs-store.js';
import { useAppStores } from '../../stores/stores-context.js';

/**
 * The export the dialog started, as main reports it: its progress while it runs, then the files written (with
 * Show in folder and Copy path), its cancellation or its failure.
 */
export function ExportRunStatus({ run, canReveal }: { run: ExportRun; canReveal: boolean }) {
  const stores = useAppStores();
  const [pathCopied, setPathCopied] = useState(false);
  if (run.state === 'running') {
    return (
      <div className="export-progress">
        <progress data-testid="export-progress" value={run.fraction} max={1} aria-label="Export progress" />
        <span className="hint">
          {run.phase} · {Math.round(run.fraction * 100)} %
        </span>
      </div>
    );
  }
  if (!run.ok) {
    return run.cancelled ? (
      <p className="hint" data-testid="export-cancelled">
        The export was cancelled; no file was left behind.
      </p>
    ) : (
      <ErrorNotice error={{ code: 'INTERNAL', message: run.message }} testId="export-failed" />
    );
  }
  return (
    <div className="export-done" data-testid="export-done">
      <p>
        Exported <code data-testid="export-output-path">{run.outputPath}</code>
        {run.durationMs > 0 ? ` (${formatClock(run.durationMs, { rounding: 'nearest' })})` : ''}
      </p>
      {run.subtitlePaths.map((subtitlePath) => (
        <p key={subtitlePath} className="hint">
          <code>{subtitlePath}</code>
        </p>
      ))}
      {run.summary ? (
        <p className="hint" data-testid="export-chapter-summary">
          {run.summary}
        </p>
      ) : null}
      {run.warnings?.map((warning) => (
        <p key={warning} className="hint" data-testid="export-warning">
          {warning}
        </p>
      ))}
      <div className="row-actions">
        {canReveal ? (
          <button
            type="button"
            data-testid="export-reveal"
            onClick={() =>
              void stores.client
                .invoke('files.reveal', { path: run.outputPath })
                .catch((error: unknown) => stores.notices.getState().showError(error))
            }
          >
            Show in folder
          </button>
        ) : null}
        <button
          type="button"
          data-testid="export-copy-path"
          onClick={() =>
            void navigator.clipboard
              .writeText(run.outputPath)
              .then(() => setPathCopied(true))
              .catch(() => setPathCopied(false))
          }
        >
          {pathCopied ? 'Copied' : 'Copy path'}
        </button>
      </div>
    </div>
  );
}
