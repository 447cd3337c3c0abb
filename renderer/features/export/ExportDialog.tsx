import { useEffect, useState } from 'react';
import { exportContainer } from '../../../common/export/export-mode.js';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { useAppInfo } from '../../app/use-app-info.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { flagsOf } from '../../shared/project-derived.js';
import { useSendContext } from '../../shared/send-context.js';
import { selectProject } from '../../stores/document-store.js';
import {
  selectCheckThresholds,
  selectExplicitWords,
  selectGenerationSettings,
} from '../../stores/settings-store.js';
import {
  useAppStores,
  useDocumentStore,
  useExportJobsStore,
  useSettingsStore,
} from '../../stores/stores-context.js';
import { ExportChapterReuseField } from './ExportChapterReuseField.js';
import { ExportCheckProgress, ExportCheckReport } from './ExportCheckReport.js';
import { ExportConflict } from './ExportConflict.js';
import { ExportDestinationField } from './ExportDestinationField.js';
import { ExportFormatFields } from './ExportFormatFields.js';
import { ExportProfileField } from './ExportProfileField.js';
import { ExportSampleField } from './ExportSampleField.js';
import { ExportLaneConflicts } from './ExportLaneConflicts.js';
import { ExportPastVideoEnd } from './ExportPastVideoEnd.js';
import { ExportMissingAudio } from './ExportMissingAudio.js';
import { ExportRunStatus } from './ExportRunStatus.js';
import { RevealOnMount } from './RevealOnMount.js';
import { ExportTagFields } from './ExportTagFields.js';
import './export.css';
import { useDeliveryCheck } from './use-delivery-check.js';
import { useExportAttempt } from './use-export-attempt.js';
import { useExportDestination } from './use-export-destination.js';
import { useExportForm } from './use-export-form.js';
import { useExportHeadStart } from './use-export-head-start.js';

/**
 * Export of the open project: format, loudness, subtitles and destination; missing audio is listed with a way to
 * generate it (the export then starts by itself); progress and cancel; the files written at the end.
 */
export function ExportDialog({ onClose }: { onClose(): void }) {
  const stores = useAppStores();
  const appInfo = useAppInfo();
  const project = useDocumentStore(selectProject);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const title = project?.title ?? 'Untitled';
  const thresholds = useSettingsStore(selectCheckThresholds);
  const { confirmAboveCredits } = useSettingsStore(selectGenerationSettings);
  const explicitWords = useSettingsStore(selectExplicitWords);
  const context = useSendContext(project);
  const chapterCount =
    project?.tracks.speech.blocks.filter((block) => block.chapterTitle !== undefined).length ?? 0;
  const flaggedCount = project === null || context === null ? 0 : flagsOf(project, context, thresholds).size;

  const destination = useExportDestination({ project, title, shell: appInfo?.shell, onError: setError });
  const hasVideo = project?.video !== undefined;
  const { form, settings, cover, setCover, update } = useExportForm(
    chapterCount,
    project?.video?.path,
    (next) => {
      destination.followFormat(next);
      setError(null);
    },
  );
  // The form is remembered between exports: a video export chosen for another project falls back to the mix here.
  const noVideo = project !== null && project.video === undefined && form.mode === 'video';
  useEffect(() => {
    if (noVideo) update('mode', 'mix');
  }, [noVideo, update]);
  useExportHeadStart(settings.ok ? settings.settings : null);
  const { stage, setStage, start, generateMissing, decide } = useExportAttempt({
    project,
    form,
    settings,
    cover,
    destination,
    setError,
  });
  const run = useExportJobsStore((state) =>
    stage.kind === 'running' ? state.runs[stage.exportId] : undefined,
  );

  // A retailer delivery is checked first (rendered in staging and measured); the user then exports or goes back.
  const delivery = useDeliveryCheck({
    project,
    form,
    settings,
    outputPath: destination.outputPath,
    setError,
    onNotReady: () => void start(),
  });
  const exportNow = (): void => {
    if (destination.needsConfirming) setStage({ kind: 'choosing', thenExport: true });
    else if (form.profile !== undefined) {
      // Export again: the earlier result leaves while the new delivery is checked, not to be read as its outcome.
      setStage({ kind: 'form' });
      void delivery.run();
    } else void start();
  };
  const exportAfterCheck = (): void => {
    delivery.back();
    void start();
  };

  const busy = stage.kind === 'running' && run?.state !== 'finished';
  return (
    <Dialog title={`Export “${title}”`} testId="export-dialog" className="export-dialog" onClose={onClose}>
      {/* Hidden while the export runs (its statement is repeated in the export's notes); back once it is
          written, so the user can move the retail sample and Export again without reopening the dialog. */}
      {hasVideo || busy ? null : <ExportProfileField form={form} disabled={busy} onChange={update} />}
      {hasVideo || busy ? null : (
        <ExportSampleField
          form={form}
          project={project}
          context={context}
          explicitWords={explicitWords}
          disabled={busy}
          onChange={update}
        />
      )}
      <ExportFormatFields
        form={form}
        disabled={busy || form.profile !== undefined}
        onChange={update}
        hasVideo={hasVideo}
      />
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
      <ExportChapterReuseField form={form} disabled={busy} onChange={update} />
      <ExportDestinationField
        destination={destination}
        container={exportContainer(form.mode) === 'folder' ? 'folder' : 'save-file'}
        busy={busy}
        choosing={stage.kind === 'choosing'}
        onOpenChooser={() => setStage({ kind: 'choosing', thenExport: false })}
        onChosenInChooser={(chosenPath) => {
          setStage({ kind: 'form' });
          if (stage.kind === 'choosing' && stage.thenExport) void start('ask', chosenPath);
        }}
        onCancelChooser={() => setStage({ kind: 'form' })}
      />
      {stage.kind === 'conflict' ? (
        // It takes the Export button's place: below a form taller than the window, it must come into view.
        <RevealOnMount>
          <ExportConflict conflict={stage} onDecide={decide} />
        </RevealOnMount>
      ) : null}
      {stage.kind === 'form' && flaggedCount > 0 ? (
        <p className="export-flagged" role="note" data-testid="export-flagged">
          ⚑ {flaggedCount} block{flaggedCount === 1 ? '' : 's'} in this export need
          {flaggedCount === 1 ? 's' : ''} review: the checks found a possible problem in{' '}
          {flaggedCount === 1 ? 'its take' : 'their takes'} (see “Needs review” in the editor). You can export
          anyway.
        </p>
      ) : null}
      {stage.kind === 'form' ? <ExportLaneConflicts project={project} context={context} /> : null}
      {stage.kind === 'form' && form.mode === 'video' ? (
        <ExportPastVideoEnd project={project} context={context} />
      ) : null}
      {!settings.ok ? (
        <p className="field-error" data-testid="export-settings-error">
          {settings.message}
        </p>
      ) : null}
      {error ? (
        <RevealOnMount key={error.message}>
          <ErrorNotice error={error} testId="export-error" />
        </RevealOnMount>
      ) : null}

      {stage.kind === 'missing' ? (
        <RevealOnMount>
          <ExportMissingAudio
            missing={stage}
            project={project}
            context={context}
            confirmAboveCredits={confirmAboveCredits}
            onConfirming={(confirming) => setStage({ ...stage, confirming })}
            onGenerate={generateMissing}
          />
        </RevealOnMount>
      ) : null}
      {stage.kind === 'queued' ? (
        <RevealOnMount>
          <p className="hint" data-testid="export-queued">
            Generating {stage.blocks} block{stage.blocks === 1 ? '' : 's'}, then exporting to{' '}
            <code>{stage.outputPath}</code>. This runs in the background: close this window whenever you like
            — you will be told when the file is written, and the Exports page shows its progress.
          </p>
        </RevealOnMount>
      ) : null}
      {delivery.check.kind === 'checking' ? (
        <RevealOnMount>
          <ExportCheckProgress checkId={delivery.check.checkId} onCancel={delivery.cancel} />
        </RevealOnMount>
      ) : null}
      {delivery.check.kind === 'report' ? (
        <RevealOnMount>
          <ExportCheckReport
            report={delivery.check.report}
            onExport={exportAfterCheck}
            onBack={delivery.back}
          />
        </RevealOnMount>
      ) : null}
      {stage.kind === 'running' && run ? (
        // Keyed by the export: a new export starts with "Copy path" unpressed, and is scrolled into view.
        <RevealOnMount key={stage.exportId} revealAgainOn={run.state}>
          <ExportRunStatus run={run} canReveal={appInfo?.canReveal === true} />
        </RevealOnMount>
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
        ) : stage.kind === 'conflict' || stage.kind === 'queued' || delivery.check.kind !== 'idle' ? null : (
          <button
            type="button"
            className="primary"
            data-testid="export-start"
            disabled={!settings.ok || destination.outputPath.trim() === '' || !project}
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
