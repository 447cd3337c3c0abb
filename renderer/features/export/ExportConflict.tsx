import type { ExportStage, OnExisting } from './use-export-attempt.js';

/** Files already at the destination: listed, with Replace or Keep both (under the free name main offers). */
export function ExportConflict({
  conflict,
  onDecide,
}: {
  conflict: Extract<ExportStage, { kind: 'conflict' }>;
  onDecide(onExisting: OnExisting): void;
}) {
  return (
    <div className="export-missing" data-testid="export-conflict">
      <p>{conflict.message}</p>
      <ul>
        {conflict.conflicts.map((file) => (
          <li key={file}>
            <code>{file}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" data-testid="export-replace" onClick={() => onDecide('replace')}>
          Replace
        </button>
        <button
          type="button"
          className="primary"
          data-testid="export-keep-both"
          onClick={() => onDecide('keep-both')}
        >
          Keep both (save as {baseNameOf(conflict.keepBothPath)})
        </button>
      </div>
    </div>
  );
}

function baseNameOf(filePath: string): string {
  return filePath.split(/[\\/]/u).pop() ?? filePath;
}
