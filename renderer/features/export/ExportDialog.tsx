import { useAppInfo } from '../../app/use-app-info.js';
import { useEffect, useMemo, useState } from 'react';
import { useSendContext } from '../../shared/send-context.js';
import type { MissingAudio } from '../../../common/export/project-render-plan.js';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { selectProject } from '../../stores/document-store.js';
import { errorData } from '../../stores/notice-store.js';
import type { ExportForm } from './export-form.js';
import { ExportFormatFields } from './ExportFormatFields.js';
import { ExportTagFields } from './ExportTagFields.js';
import { exportContainer } from '../../../common/export/export-mode.js';
import { stageFile } from '../../shared/stage-file.js';
import { Dialog } from '../../components/Dialog.js';
import { ChooserConfirmHint } from '../../components/ChooserConfirmHint.js';
import { ChooserWindow } from '../../components/ChooserWindow.js';
import { typedPathNeedsChooser } from '../../components/typed-path.js';
import {
  defaultExportForm,
  joinPath,
  outputExtension,
  safeFileName,
  settingsFromForm,
  withExtension,
} from './export-form.js';
import './export.css';
import { missingAudioLine } from './missing-audio-line.js';
import { PathInput } from '../../components/PathInput.js';
import { PathField } from '../../components/PathField.js';
import {
  useAppStores,
  useDocumentStore,
  useExportJobsStore,
  useSettingsStore,
} from '../../stores/stores-context.js';
import { selectCheckThresholds, selectGenerationSettings } from '../../stores/settings-store.js';
import { flagsOf } from '../../shared/project-derived.js';
import { formatCount } from '../../shared/format.js';
import { CreditConfirm } from '../generation/CreditConfirm.js';
import { estimateGeneration } from '../generation/generation-estimate.js';

type Stage =
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

type OnExisting = 'ask' | 'replace' | 'keep-both';

/** Remembered for the next export in this session: people export the same way again and again. */
let lastForm: ExportForm = defaultExportForm;
/**
 * Where the user last chose to save each project (by id) in this session, so reopening Export offers it again
 * instead of the default folder. Only what the user chose is kept: main lets the app write there.
 */
const chosenPaths = new Map<string, string>();

/**
 * Export of the open project: format, loudness, subtitles and destination; missing audio is listed with a way to
 * generate it (the export then starts by itself); progress and cancel; the files written at the end.
 */
export function ExportDialog({ onClose }: { onClose(): void }) {
  const stores = useAppStores();
  const appInfo = useAppInfo();
  const project = useDocumentStore(selectProject);
  const [pathCopied, setPathCopied] = useState(false);
  const [form, setForm] = useState<ExportForm>(lastForm);
  const [outputPath, setOutputPath] = useState('');
  const [defaultFolder, setDefaultFolder] = useState<string | null>(null);
  // The user typed the path (rather than choosing it or keeping the default) since the last choice.
  const [typed, setTyped] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [error, setError] = useState<IpcErrorData | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const run = useExportJobsStore((state) =>
    stage.kind === 'running' ? state.runs[stage.exportId] : undefined,
  );
  const title = project?.title ?? 'Untitled';
  const thresholds = useSettingsStore(selectCheckThresholds);
  const { confirmAboveCredits } = useSettingsStore(selectGenerationSettings);
  const context = useSendContext(project);
  const chapterCount =
    project?.tracks.speech.blocks.filter((block) => block.chapterTitle !== undefined).length ?? 0;
  const settings = useMemo(() => settingsFromForm(form, chapterCount), [form, chapterCount]);
  const flaggedCount = project === null || context === null ? 0 : flagsOf(project, context, thresholds).size;
  // What "generate, then export" sends: the blocks main found without current audio, at their characters as sent.
  const missingCredits =
    stage.kind !== 'missing' || project === null || context === null
      ? 0
      : estimateGeneration(
          project,
          context,
          stage.missing.map((item) => item.blockId),
        ).credits;

  useEffect(() => {
    let cancelled = false;
    stores.client
      .invoke('export.defaultFolder')
      .then(({ folder }) => {
        if (cancelled) return;
        setDefaultFolder(folder);
        const chosen = project ? chosenPaths.get(project.id) : undefined;
        setOutputPath(
          (current) =>
            current ||
            (chosen
              ? withExtension(chosen, outputExtension(lastForm))
              : joinPath(folder, `${safeFileName(title)}${outputExtension(lastForm)}`)),
        );
      })
      .catch((caught: unknown) => setError(errorData(caught)));
    return () => {
      cancelled = true;
    };
    // The project's id is read once, as the dialog opens (the path is not reset while the dialog is open).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [title, stores]);

  const update = <K extends keyof ExportForm>(key: K, value: ExportForm[K]): void => {
    const next = { ...form, [key]: value };
    lastForm = next;
    setForm(next);
    setOutputPath((current) => (current ? withExtension(current, outputExtension(next)) : current));
    setError(null);
  };

  const start = async (onExisting: OnExisting = 'ask', destination = outputPath): Promise<void> => {
    if (!project || !settings.ok) return;
    setError(null);
    // A new attempt: the last one's "Exported …" (or its failure) is no longer what this dialog is about.
    if (stage.kind === 'running') setStage({ kind: 'form' });
    setPathCopied(false);
    try {
      const coverStagingId =
        cover && form.format === 'mp3' && !form.mode.startsWith('blocks')
          ? await stageFile(
              stores.client,
              { blob: cover, fileName: cover.name, mediaType: cover.type },
              () => undefined,
            )
          : undefined;
      const result = await stores.client.invoke('export.start', {
        project,
        settings: settings.settings,
        outputPath: destination,
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
      const result = await stores.client.invoke('export.generateThenExport', {
        fileName: doc.fileName,
        title: doc.project.title,
        settings: settings.settings,
        outputPath,
        mode: form.mode,
        onExisting,
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

  const [missingBlocks, setMissingBlocks] = useState(0);
  const decide = (onExisting: OnExisting): void => {
    if (stage.kind !== 'conflict') return;
    if (stage.then === 'generate') void generateThenExport(missingBlocks, onExisting);
    else void start(onExisting);
  };

  /** The user chose `chosen` (the system dialog or main's chooser window): main may write there now. */
  const chosen = (chosenPath: string): void => {
    setOutputPath(chosenPath);
    setTyped(false);
    if (project) chosenPaths.set(project.id, chosenPath);
  };

  const choose = async (): Promise<void> => {
    const picked = await stores.client.invoke('export.chooseDestination', { suggestedPath: outputPath });
    if (picked.path) chosen(picked.path);
    // No system dialog (the browser shell): main's own chooser.
    else setStage({ kind: 'choosing', thenExport: false });
  };

  // In the browser shell only a pick in main's chooser window (or the default folder) lets main write: a typed
  // path is not refused after the fact but opened there for the user to confirm (Enter, or Export).
  const browserShell = appInfo?.shell === 'browser';
  const needsConfirming = typedPathNeedsChooser({
    shell: appInfo?.shell,
    typed,
    defaultFolder,
    typedPath: outputPath,
  });
  const exportNow = (): void => {
    if (needsConfirming) setStage({ kind: 'choosing', thenExport: true });
    else void start();
  };

  const busy = stage.kind === 'running' && run?.state !== 'finished';
  return (
    <Dialog title={`Export “${title}”`} testId="export-dialog" className="export-dialog" onClose={onClose}>
      <ExportFormatFields form={form} disabled={busy} onChange={update} />
      <ExportTagFields
        form={form}
        chapterCount={chapterCount}
        cover={cover}
        disabled={busy}
        onChange={update}
        onCover={setCover}
        fromProject={{
          title,
          author: project?.metadata?.author,
          hasCover: project?.metadata?.cover !== undefined,
        }}
      />
      <PathField label="Save as" chooseTestId="export-choose" disabled={busy} onChoose={() => void choose()}>
        <PathInput
          data-testid="export-path"
          value={outputPath}
          disabled={busy}
          spellCheck={false}
          onChange={(event) => {
            setOutputPath(event.target.value);
            setTyped(true);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !browserShell || busy) return;
            event.preventDefault();
            setStage({ kind: 'choosing', thenExport: false });
          }}
        />
      </PathField>
      {needsConfirming && stage.kind !== 'choosing' ? (
        <ChooserConfirmHint
          testId="export-path-confirm"
          defaultFolder={defaultFolder}
          action="Enter or Export opens it at this path"
        />
      ) : null}
      {stage.kind === 'choosing' ? (
        <ChooserWindow
          kind={exportContainer(form.mode) === 'folder' ? 'folder' : 'save-file'}
          initialPath={outputPath}
          onChosen={(chosenPath) => {
            chosen(chosenPath);
            setStage({ kind: 'form' });
            if (stage.thenExport) void start('ask', chosenPath);
          }}
          onCancel={() => setStage({ kind: 'form' })}
        />
      ) : null}
      {stage.kind === 'conflict' ? (
        <div className="export-missing" data-testid="export-conflict">
          <p>{stage.message}</p>
          <ul>
            {stage.conflicts.map((file) => (
              <li key={file}>
                <code>{file}</code>
              </li>
            ))}
          </ul>
          <div className="form-actions">
            <button type="button" data-testid="export-replace" onClick={() => decide('replace')}>
              Replace
            </button>
            <button
              type="button"
              className="primary"
              data-testid="export-keep-both"
              onClick={() => decide('keep-both')}
            >
              Keep both (save as {baseNameOf(stage.keepBothPath)})
            </button>
          </div>
        </div>
      ) : null}
      {stage.kind === 'form' && flaggedCount > 0 ? (
        <p className="export-flagged" role="note" data-testid="export-flagged">
          ⚑ {flaggedCount} block{flaggedCount === 1 ? '' : 's'} in this export need
          {flaggedCount === 1 ? 's' : ''} review: the checks found a possible problem in{' '}
          {flaggedCount === 1 ? 'its take' : 'their takes'} (see “Needs review” in the editor). You can export
          anyway.
        </p>
      ) : null}
      {!settings.ok ? (
        <p className="field-error" data-testid="export-settings-error">
          {settings.message}
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} testId="export-error" /> : null}

      {stage.kind === 'missing' ? (
        <div className="export-missing" data-testid="export-missing">
          <p>{stage.message}</p>
          <ul>
            {stage.missing.slice(0, 8).map((item) => (
              <li key={item.blockId}>{missingAudioLine(item, project)}</li>
            ))}
            {stage.missing.length > 8 ? <li>…and {stage.missing.length - 8} more</li> : null}
          </ul>
          {stage.confirming ? (
            <CreditConfirm
              what={`Generate ${formatCount(stage.missing.length)} block${stage.missing.length === 1 ? '' : 's'}, then export`}
              credits={missingCredits}
              threshold={confirmAboveCredits}
              reuse
              confirmLabel="Generate, then export"
              onConfirm={() => {
                setStage({ ...stage, confirming: false });
                setMissingBlocks(stage.missing.length);
                void generateThenExport(stage.missing.length);
              }}
              onCancel={() => setStage({ ...stage, confirming: false })}
            />
          ) : (
            <button
              type="button"
              className="primary"
              data-testid="export-generate-missing"
              title="Credits are an estimate: audio already made for the same content is reused at no cost."
              onClick={() => {
                // A large generation waits for the user's word, as the editor's Generate does.
                if (missingCredits > confirmAboveCredits) {
                  setStage({ ...stage, confirming: true });
                  return;
                }
                setMissingBlocks(stage.missing.length);
                void generateThenExport(stage.missing.length);
              }}
            >
              Generate {stage.missing.length} block{stage.missing.length === 1 ? '' : 's'} (≈{' '}
              {formatCount(missingCredits)} credits), then export
            </button>
          )}
        </div>
      ) : null}
      {stage.kind === 'queued' ? (
        <p className="hint" data-testid="export-queued">
          Generating {stage.blocks} block{stage.blocks === 1 ? '' : 's'}, then exporting to{' '}
          <code>{stage.outputPath}</code>. This runs in the background: close this window whenever you like —
          you will be told when the file is written, and the Exports page shows its progress.
        </p>
      ) : null}
      {run?.state === 'running' ? (
        <div className="export-progress">
          <progress data-testid="export-progress" value={run.fraction} max={1} aria-label="Export progress" />
          <span className="hint">
            {run.phase} · {Math.round(run.fraction * 100)} %
          </span>
        </div>
      ) : null}
      {run?.state === 'finished' ? (
        run.ok ? (
          <div className="export-done" data-testid="export-done">
            <p>
              Exported <code data-testid="export-output-path">{run.outputPath}</code>
              {run.durationMs > 0 ? ` (${formatDuration(run.durationMs)})` : ''}
            </p>
            {run.subtitlePaths.map((subtitlePath) => (
              <p key={subtitlePath} className="hint">
                <code>{subtitlePath}</code>
              </p>
            ))}
            <div className="row-actions">
              {appInfo?.canReveal ? (
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
        ) : run.cancelled ? (
          <p className="hint" data-testid="export-cancelled">
            The export was cancelled; no file was left behind.
          </p>
        ) : (
          <ErrorNotice error={{ code: 'INTERNAL', message: run.message }} testId="export-failed" />
        )
      ) : null}

      <div className="form-actions">
        {busy && stage.kind === 'running' ? (
          <button
            type="button"
            data-testid="export-cancel"
            onClick={() => void stores.client.invoke('export.cancel', { exportId: stage.exportId })}
          >
            Cancel export
          </button>
        ) : stage.kind === 'conflict' || stage.kind === 'queued' ? null : (
          <button
            type="button"
            className="primary"
            data-testid="export-start"
            disabled={!settings.ok || outputPath.trim() === '' || !project}
            onClick={exportNow}
          >
            {run?.state === 'finished' ? 'Export again' : 'Export'}
          </button>
        )}
        <button type="button" data-testid="export-close" onClick={onClose}>
          {busy ? 'Hide (keeps exporting)' : 'Close'}
        </button>
      </div>
    </Dialog>
  );
}

function baseNameOf(filePath: string): string {
  return filePath.split(/[\\/]/u).pop() ?? filePath;
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
