import { useEffect, useMemo, useState } from 'react';
import type { MissingAudio } from '../../../common/export/project-render-plan.js';
import type { Project } from '../../../common/project/index.js';
import { buildProjectRenderPlan } from '../../../common/export/project-render-plan.js';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { timbre } from '../../bridge/timbre-client.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { selectProject, useDocumentStore } from '../../stores/document-store.js';
import { useExportStore } from '../../stores/export-store.js';
import { errorData } from '../../stores/notice-store.js';
import type { ExportForm } from './export-form.js';
import { ExportFormatFields } from './ExportFormatFields.js';
import {
  defaultExportForm,
  joinPath,
  outputExtension,
  safeFileName,
  settingsFromForm,
  withExtension,
} from './export-form.js';
import './output.css';

type Stage =
  | { kind: 'form' }
  | { kind: 'missing'; missing: MissingAudio[]; message: string }
  | { kind: 'generating'; blocks: number }
  | { kind: 'running'; exportId: string };

/** Remembered for the next export in this session: people export the same way again and again. */
let lastForm: ExportForm = defaultExportForm;

/**
 * Export of the open project: format, loudness, subtitles and destination; missing audio is listed with a way to
 * generate it (the export then starts by itself); progress and cancel; the files written at the end.
 */
export function ExportDialog({ onClose }: { onClose(): void }) {
  const project = useDocumentStore(selectProject);
  const [form, setForm] = useState<ExportForm>(lastForm);
  const [outputPath, setOutputPath] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [error, setError] = useState<IpcErrorData | null>(null);
  const [pickerHint, setPickerHint] = useState<string | null>(null);
  const run = useExportStore((state) => (stage.kind === 'running' ? state.runs[stage.exportId] : undefined));
  const settings = useMemo(() => settingsFromForm(form), [form]);
  const title = project?.title ?? 'Untitled';

  useEffect(() => {
    let cancelled = false;
    timbre()
      .invoke('export.defaultFolder')
      .then(({ folder }) => {
        if (!cancelled)
          setOutputPath(
            (current) => current || joinPath(folder, `${safeFileName(title)}${outputExtension(lastForm)}`),
          );
      })
      .catch((caught: unknown) => setError(errorData(caught)));
    return () => {
      cancelled = true;
    };
  }, [title]);

  const update = <K extends keyof ExportForm>(key: K, value: ExportForm[K]): void => {
    const next = { ...form, [key]: value };
    lastForm = next;
    setForm(next);
    setOutputPath((current) => (current ? withExtension(current, outputExtension(next)) : current));
    setError(null);
  };

  const start = async (current = project): Promise<void> => {
    if (!current || !settings.ok) return;
    setError(null);
    try {
      const result = await timbre().invoke('export.start', {
        project: current,
        settings: settings.settings,
        outputPath,
        mode: form.mode,
        overwrite,
      });
      if (result.ok) {
        useExportStore.getState().started(result.exportId, current.id);
        setStage({ kind: 'running', exportId: result.exportId });
      } else if (result.reason === 'missing-audio') {
        setStage({ kind: 'missing', missing: result.missing, message: result.message });
      } else {
        setError({ code: 'INVALID_INPUT', message: result.message });
      }
    } catch (caught) {
      setError(errorData(caught));
    }
  };

  const generateMissing = async (missing: MissingAudio[]): Promise<void> => {
    if (!project) return;
    setError(null);
    try {
      const started = await timbre().invoke('generation.start', {
        project,
        blockIds: missing.map((item) => item.blockId),
      });
      setStage({ kind: 'generating', blocks: started.sentBlocks + started.reusedBlocks });
    } catch (caught) {
      setError(errorData(caught));
    }
  };

  // While the missing blocks are generated the document fills in (main's events); once every block has audio,
  // the export starts by itself.
  useEffect(() => {
    if (stage.kind !== 'generating') return;
    const settle = (current: Project | null): boolean => {
      if (!current) return false;
      const ready = buildProjectRenderPlan(current, { sampleRate: form.sampleRate, channels: form.channels });
      if (!ready.ok) return false;
      void start(current);
      return true;
    };
    const unsubscribe = useDocumentStore.subscribe((state) => {
      if (settle(state.doc?.project ?? null)) unsubscribe();
    });
    return unsubscribe;
    // start() is recreated each render; the subscription only needs to follow the stage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage.kind]);

  const choose = async (): Promise<void> => {
    const picked = await timbre().invoke('export.chooseDestination', { suggestedPath: outputPath });
    if (picked.path) setOutputPath(picked.path);
    else setPickerHint('Type the full path of the file to create (this window has no file picker).');
  };

  const busy = stage.kind === 'running' && run?.state !== 'finished';
  return (
    <div className="modal-backdrop" role="presentation">
      <section
        className="card modal export-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Export"
        data-testid="export-dialog"
      >
        <header className="page-header">
          <h2>Export “{title}”</h2>
        </header>
        <ExportFormatFields form={form} disabled={busy} onChange={update} />
        <label className="field">
          <span>Save as</span>
          <div className="path-row">
            <input
              data-testid="export-path"
              value={outputPath}
              disabled={busy}
              spellCheck={false}
              onChange={(event) => setOutputPath(event.target.value)}
            />
            <button type="button" onClick={() => void choose()} disabled={busy} data-testid="export-choose">
              Choose…
            </button>
          </div>
          {pickerHint ? <span className="hint">{pickerHint}</span> : null}
        </label>
        <label className="check">
          <input
            type="checkbox"
            data-testid="export-overwrite"
            checked={overwrite}
            disabled={busy}
            onChange={(event) => setOverwrite(event.target.checked)}
          />
          Replace existing files
        </label>
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
                <li key={item.blockId}>
                  {item.track}: “{item.label}” — {item.reason.replace('-', ' ')}
                </li>
              ))}
              {stage.missing.length > 8 ? <li>…and {stage.missing.length - 8} more</li> : null}
            </ul>
            <button
              type="button"
              className="primary"
              data-testid="export-generate-missing"
              onClick={() => void generateMissing(stage.missing)}
            >
              Generate {stage.missing.length} block{stage.missing.length === 1 ? '' : 's'}, then export
            </button>
          </div>
        ) : null}
        {stage.kind === 'generating' ? (
          <p className="hint" data-testid="export-waiting">
            Generating {stage.blocks} block{stage.blocks === 1 ? '' : 's'}; the export starts when they are
            ready. You can keep editing.
          </p>
        ) : null}
        {run?.state === 'running' ? (
          <div className="export-progress">
            <progress
              data-testid="export-progress"
              value={run.fraction}
              max={1}
              aria-label="Export progress"
            />
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
              onClick={() => void timbre().invoke('export.cancel', { exportId: stage.exportId })}
            >
              Cancel export
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              data-testid="export-start"
              disabled={!settings.ok || outputPath.trim() === '' || !project}
              onClick={() => void start()}
            >
              {run?.state === 'finished' ? 'Export again' : 'Export'}
            </button>
          )}
          <button type="button" data-testid="export-close" onClick={onClose}>
            {busy ? 'Hide (keeps exporting)' : 'Close'}
          </button>
        </div>
      </section>
    </div>
  );
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
