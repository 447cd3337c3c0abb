import { useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { DeliveryCheckReport } from '../../../common/ipc/export-methods.js';
import type { Project } from '../../../common/project/project-schema.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores } from '../../stores/stores-context.js';
import type { ExportForm, settingsFromForm } from './export-form.js';

/** Where "Check delivery" stands: not run, rendering and measuring (cancellable), or its report shown. */
export type DeliveryCheckStage =
  { kind: 'idle' } | { kind: 'checking'; checkId: string } | { kind: 'report'; report: DeliveryCheckReport };

/**
 * A retailer delivery's check before export: main renders the planned files in staging and measures them
 * (export.check); its progress comes as the export's own (`export.progress` under the check's id), Cancel stops it.
 * A project with blocks to generate is handed back (`onNotReady`), so the dialog's usual missing-audio path runs.
 */
export function useDeliveryCheck(options: {
  project: Project | null;
  form: ExportForm;
  settings: ReturnType<typeof settingsFromForm>;
  outputPath: string;
  setError(error: IpcErrorData | null): void;
  onNotReady(): void;
}) {
  const { project, form, settings, outputPath, setError, onNotReady } = options;
  const stores = useAppStores();
  const [check, setCheck] = useState<DeliveryCheckStage>({ kind: 'idle' });

  const run = async (): Promise<void> => {
    if (!project || !settings.ok) return;
    const checkId = crypto.randomUUID();
    setError(null);
    setCheck({ kind: 'checking', checkId });
    try {
      const result = await stores.client.invoke('export.check', {
        checkId,
        project,
        settings: settings.settings,
        outputPath,
        mode: form.mode,
      });
      if (result.ok) {
        setCheck({ kind: 'report', report: result.report });
        return;
      }
      setCheck({ kind: 'idle' });
      if (result.reason === 'missing-audio') onNotReady();
      else if (result.reason === 'empty') setError({ code: 'INVALID_INPUT', message: result.message });
    } catch (caught) {
      setCheck({ kind: 'idle' });
      setError(errorData(caught));
    } finally {
      // Its progress went through the exports' store: the check is no export to list once it ends.
      stores.exportJobs.getState().forget(checkId);
    }
  };

  const cancel = (): void => {
    if (check.kind === 'checking')
      void stores.client.invoke('export.cancel', { exportId: check.checkId }).catch(() => undefined);
  };

  return { check, run, cancel, back: () => setCheck({ kind: 'idle' }) };
}
