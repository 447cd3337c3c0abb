import { useEffect, useState } from 'react';
import type { SavedProblemReport } from '../../../common/ipc/support-methods.js';
import { REPORT_CONTENTS, REPORT_LEAVES_OUT } from '../../../common/support/report-contents.js';
import { formatBytes } from '../../../common/text/index.js';
import { useAppInfo } from '../../app/use-app-info.js';
import { ChooserWindow } from '../../components/ChooserWindow.js';
import { CopyableValue } from '../../components/CopyableValue.js';
import { Dialog } from '../../components/Dialog.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores } from '../../stores/stores-context.js';

type Step =
  | { kind: 'ready' }
  | { kind: 'choosing' }
  | { kind: 'saving' }
  | { kind: 'saved'; report: SavedProblemReport }
  | { kind: 'failed'; message: string };

/**
 * Help → Report a Problem: says exactly what the zip holds, asks where to save it (the system dialog, or main's
 * chooser window in the browser shell), and says where it went. Nothing is sent anywhere: the user attaches it.
 */
export function ReportProblemDialog({ onClose }: { onClose(): void }) {
  const stores = useAppStores();
  const info = useAppInfo();
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const [suggestedPath, setSuggestedPath] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    stores.client
      .invoke('support.suggestedPath')
      .then((answer) => {
        if (current) setSuggestedPath(answer.path);
      })
      .catch((caught: unknown) => {
        if (current) setStep({ kind: 'failed', message: errorData(caught).message });
      });
    return () => {
      current = false;
    };
  }, [stores]);

  const save = (outputPath: string): void => {
    setStep({ kind: 'saving' });
    stores.client
      .invoke('support.saveReport', { outputPath })
      .then((report) => setStep({ kind: 'saved', report }))
      .catch((caught: unknown) => setStep({ kind: 'failed', message: errorData(caught).message }));
  };

  const choose = async (): Promise<void> => {
    if (suggestedPath === null) return;
    try {
      const picked = await stores.client.invoke('support.chooseDestination', { suggestedPath });
      if (picked.path) save(picked.path);
      // No system dialog (the browser shell): main's chooser window asks instead; in the desktop app, cancelled.
      else if (info?.shell === 'browser') setStep({ kind: 'choosing' });
    } catch (caught) {
      setStep({ kind: 'failed', message: errorData(caught).message });
    }
  };

  const busy = step.kind === 'saving' || step.kind === 'choosing';
  return (
    <Dialog title="Report a Problem" testId="report-problem-dialog" onClose={onClose}>
      <p>A zip file for Timbre Studio’s support, saved where you choose. Nothing is sent: you attach it.</p>
      <p>It holds:</p>
      <ul data-testid="report-problem-contents">
        {REPORT_CONTENTS.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="hint">{REPORT_LEAVES_OUT}</p>
      {step.kind === 'choosing' && suggestedPath !== null ? (
        <ChooserWindow
          kind="save-file"
          initialPath={suggestedPath}
          onChosen={save}
          onCancel={() => setStep({ kind: 'ready' })}
        />
      ) : null}
      {step.kind === 'saving' ? (
        <p role="status" data-testid="report-problem-saving">
          Building the report and saving it…
        </p>
      ) : null}
      {step.kind === 'saved' ? (
        <div role="status" data-testid="report-problem-saved">
          <p>
            Saved the report ({formatBytes(step.report.bytes)}, {step.report.entries.length} files)
            {step.report.revealed ? ', shown in your file manager.' : '.'}
          </p>
          <CopyableValue label="Report" value={step.report.path} testId="report-problem-path" />
        </div>
      ) : null}
      {step.kind === 'failed' ? (
        <p className="field-error" role="alert" data-testid="report-problem-error">
          {step.message}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          data-autofocus
          data-testid="report-problem-save"
          disabled={busy || suggestedPath === null}
          onClick={() => void choose()}
        >
          {step.kind === 'saved' ? 'Save another copy…' : 'Choose where to save…'}
        </button>
        <button type="button" data-testid="report-problem-close" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
