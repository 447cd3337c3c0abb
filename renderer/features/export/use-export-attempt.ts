import { useState } from 'react';
import type { MissingAudio } from '../../../common/export/project-render-plan.js';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { Project } from '../../../common/project/project-schema.js';
import { stageFile } from '../../shared/stage-file.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores } from '../../stores/stores-context.js';
import type { ExportForm, settingsFromForm } from './export-form.js';
import { exportTakesCover } from './export-form.js';
import type { ExportDestination } from './use-export-destination.js';

/** Where the dialog stands between the form and the written files. */
export type ExportStage =
  | { kind: 'form' }
  | {
      kind: 'missing';
      missing: MissingAudio[];
      message: string;
      /** Set while the user is asked about generating them (above the credits set in Settings → Generation). */
      confirming?: boolean;
    }
  | {
      kind: 'conflict';
      conflicts: string[];
      keepBothPath: string;
      message: string;
      /** What the user was doing when the files turned up: exporting, or generating first. */
      then: 'export' | 'generate';
    }
  | { kind: 'queued'; outputPath: string; blocks: number }
  /** Main's chooser window is open; `thenExport` when Export asked the user to confirm a typed path there. */
  | { kind: 'choosing'; thenExport: boolean }
  | { kind: 'running'; exportId: string };

export type OnExisting = 'ask' | 'replace' | 'keep-both';

/**
 * Sends the export to main and follows its answer: started, audio missing (generate it, then export, in main's
 * queue), or files already at the destination (the user decides, then the same request goes again).
 */
export function useExportAttempt(options: {
  project: Project | null;
  form: ExportForm;
  settings: ReturnType<typeof settingsFromForm>;
  cover: File | null;
  destination: Pick<ExportDestination, 'outputPath' | 'setOutputPath'>;
  setError(error: IpcErrorData | null): void;
}) {
  const { project, form, settings, cover, destination, setError } = options;
  const { outputPath, setOutputPath } = destination;
  const stores = useAppStores();
  const [stage, setStage] = useState<ExportStage>({ kind: 'form' });
  // How many blocks "generate, then export" was asked for, kept for the request sent again after a conflict.
  const [missingBlocks, setMissingBlocks] = useState(0);

  /** The cover the user chose, staged afresh for each attempt (main removes one an attempt does not use). */
  const stageCover = async (): Promise<string | undefined> =>
    cover && exportTakesCover(form) && !form.mode.startsWith('blocks')
      ? stageFile(
          stores.client,
          { blob: cover, fileName: cover.name, mediaType: cover.type },
          () => undefined,
        )
      : undefined;

  const start = async (onExisting: OnExisting = 'ask', to = outputPath): Promise<void> => {
    if (!project || !settings.ok) return;
    setError(null);
    // A new attempt: the last one's "Exported …" (or its failure) is no longer what this dialog is about.
    if (stage.kind === 'running') setStage({ kind: 'form' });
    try {
      const coverStagingId = await stageCover();
      const result = await stores.client.invoke('export.start', {
        project,
        settings: settings.settings,
        outputPath: to,
        mode: form.mode,
        onExisting,
        ...(coverStagingId ? { coverStagingId } : {}),
      });
      if (result.ok) {
        stores.exportJobs.getState().started(result.exportId, project.id);
        setOutputPath(result.outputPath);
        setStage({ kind: 'running', exportId: result.exportId });
        return;
      }
      switch (result.reason) {
        case 'missing-audio':
          setStage({ kind: 'missing', missing: result.missing, message: result.message });
          return;
        case 'conflict':
          setStage({ ...result, kind: 'conflict', then: 'export' });
          return;
        case 'empty':
          setError({ code: 'INVALID_INPUT', message: result.message });
          return;
        default: {
          const exhaustive: never = result;
          throw new Error(`Unknown export answer ${JSON.stringify(exhaustive)}`);
        }
      }
    } catch (caught) {
      setError(errorData(caught));
    }
  };

  /**
   * Hands "generate, then export" to main: the document is saved first (main reads it from its file), then main
   * checks the destination, generates and exports in its own queue. Nothing depends on this window staying open.
   */
  const generateThenExport = async (blocks: number, onExisting: OnExisting = 'ask'): Promise<void> => {
    const doc = stores.document.getState().doc;
    if (!doc || !settings.ok) return;
    setError(null);
    try {
      const saved = await stores.client.invoke('projects.save', {
        fileName: doc.fileName,
        project: doc.project,
      });
      stores.document.getState().markSaved(doc.project, saved.savedAt);
      // The same cover as a direct export: a queued book is tagged with the cover the user chose.
      const coverStagingId = await stageCover();
      const result = await stores.client.invoke('export.generateThenExport', {
        fileName: doc.fileName,
        title: doc.project.title,
        settings: settings.settings,
        outputPath,
        mode: form.mode,
        onExisting,
        ...(coverStagingId ? { coverStagingId } : {}),
      });
      if (result.ok) {
        setOutputPath(result.outputPath);
        setStage({ kind: 'queued', outputPath: result.outputPath, blocks });
      } else {
        setStage({ ...result, kind: 'conflict', then: 'generate' });
      }
    } catch (caught) {
      setError(errorData(caught));
    }
  };

  const generateMissing = (blocks: number): void => {
    setMissingBlocks(blocks);
    void generateThenExport(blocks);
  };

  /** The user's answer to files already at the destination: the request that met them goes again. */
  const decide = (onExisting: OnExisting): void => {
    if (stage.kind !== 'conflict') return;
    if (stage.then === 'generate') void generateThenExport(missingBlocks, onExisting);
    else void start(onExisting);
  };

  return { stage, setStage, start, generateMissing, decide };
}
