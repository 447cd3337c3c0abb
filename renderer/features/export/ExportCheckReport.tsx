import type { DeliveryCheckReport } from '../../../common/ipc/export-methods.js';
import { preflightReportHtml } from '../../../common/export/preflight-report.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import { useExportJobsStore } from '../../stores/stores-context.js';

/** "Check delivery" running: how far the render and measuring have gone, and Cancel. */
export function ExportCheckProgress({ checkId, onCancel }: { checkId: string; onCancel(): void }) {
  const fraction = useExportJobsStore((state) => {
    const run = state.runs[checkId];
    return run?.state === 'running' ? run.fraction : 0;
  });
  return (
    <div className="export-progress" data-testid="preflight-checking">
      <p className="hint">
        Checking the delivery: rendering each file in a private folder and measuring it (nothing is written
        where you export yet)…
      </p>
      <progress data-testid="preflight-progress" value={fraction} max={1} aria-label="Check progress" />
      <button type="button" data-testid="preflight-cancel" onClick={onCancel}>
        Cancel check
      </button>
    </div>
  );
}

/** The report as the one HTML page of common/export/preflight-report.ts, saved through the browser's download. */
function saveReport(report: DeliveryCheckReport): void {
  const html = preflightReportHtml({ ...report, profile: retailProfile(report.profileId), stage: 'planned' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  link.download = `${report.title} – Pre-flight report.html`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * The pre-flight report before export: pass or fail per file and rule with the measured figure and the limit,
 * then Export (every check passes), or "Export anyway" (some fail: the user's explicit word), or Back to the form.
 */
export function ExportCheckReport({
  report,
  onExport,
  onBack,
}: {
  report: DeliveryCheckReport;
  onExport(): void;
  onBack(): void;
}) {
  const failed = report.results.filter((result) => !result.passed).length;
  return (
    <section className="preflight-report" data-testid="preflight-report">
      <p className={failed === 0 ? 'hint' : 'field-error'} data-testid="preflight-summary">
        {report.summary}.
      </p>
      <p className="hint">{retailProfile(report.profileId).aiNarration.statement}</p>
      <table>
        <thead>
          <tr>
            <th>File</th>
            <th>Rule</th>
            <th>Result</th>
            <th>Measured</th>
            <th>Limit</th>
          </tr>
        </thead>
        <tbody>
          {report.results.map((result) => (
            <tr
              key={`${result.file ?? ''}\u0000${result.rule}`}
              data-testid="preflight-row"
              data-file={result.file ?? ''}
              data-rule={result.rule}
              data-passed={String(result.passed)}
              className={result.passed ? 'pass' : 'fail'}
            >
              <td>{result.file ?? 'The whole delivery'}</td>
              <td>{result.label}</td>
              <td>{result.passed ? 'Pass' : 'Fail'}</td>
              <td>{result.measured}</td>
              <td>{result.limit}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          data-testid={failed === 0 ? 'preflight-export' : 'preflight-export-anyway'}
          onClick={onExport}
        >
          {failed === 0 ? 'Export' : `Export anyway (${failed} check${failed === 1 ? '' : 's'} fail)`}
        </button>
        <button type="button" data-testid="preflight-save" onClick={() => saveReport(report)}>
          Save report (HTML)…
        </button>
        <button type="button" data-testid="preflight-back" onClick={onBack}>
          Back
        </button>
      </div>
    </section>
  );
}
