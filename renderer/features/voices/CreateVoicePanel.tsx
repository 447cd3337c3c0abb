import { useEffect, useMemo, useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { LANGUAGES } from '../../../common/rules/index.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { RequestId } from '../../components/RequestId.js';
import { errorData } from '../../stores/notice-store.js';
import { selectActiveService } from '../../stores/settings-store.js';
import type { PromptAudio } from './audio/index.js';
import { ImportPanel, RecorderPanel } from './audio/index.js';
import { cropAvatarToSquare } from './avatar-crop.js';
import { stageFile } from '../../shared/stage-file.js';
import type { VoiceFormField, VoiceFormState } from './voice-form-rules.js';
import { checkVoiceForm, fieldOfServiceError } from './voice-form-rules.js';
import { useAppStores, useGenerationStore, useSettingsStore } from '../../stores/stores-context.js';

type Source = 'record' | 'import';

const languageNames = new Intl.DisplayNames(undefined, { type: 'language' });
function languageLabel(code: string): string {
  if (code === 'auto') return 'Detect automatically';
  return languageNames.of(code) ?? code;
}

interface Submission {
  jobId: string;
}

/** An error from main or the service, placed next to the form field it concerns (or above the button). */
type SubmitError = Omit<IpcErrorData, 'field'> & { field: VoiceFormField | null };

const formFields: readonly string[] = [
  'name',
  'language',
  'modelVersion',
  'professional',
  'prompt',
  'consent',
  'avatar',
];
const mainFieldToForm: Record<string, VoiceFormField> = {
  promptStagingId: 'prompt',
  promptSpeechSeconds: 'prompt',
  avatarStagingId: 'avatar',
  lora: 'professional',
  sizeBytes: 'prompt',
};
function formFieldOf(field: string | undefined): VoiceFormField | null {
  if (field === undefined) return null;
  if (formFields.includes(field)) return field as VoiceFormField;
  return mainFieldToForm[field] ?? null;
}

/**
 * New voice: a recording or an imported file, the voice's details, and the contract's rules applied as the user
 * types. The form keeps everything until the service has accepted the voice, so a refusal never loses work.
 */
export function CreateVoicePanel({ onClose }: { onClose(): void }) {
  const stores = useAppStores();
  const service = useSettingsStore(selectActiveService);
  const [source, setSource] = useState<Source>('record');
  const [prompt, setPrompt] = useState<PromptAudio | null>(null);
  const [avatar, setAvatar] = useState<Blob | null>(null);
  const [form, setForm] = useState<Omit<VoiceFormState, 'prompt' | 'avatar' | 'plan'>>({
    name: '',
    description: '',
    language: 'auto',
    modelVersion: 'v3.0',
    vocalFilter: false,
    professional: false,
    consent: false,
  });
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);
  const [submission, setSubmission] = useState<Submission | null>(null);
  const job = useGenerationStore((state) => (submission ? state.jobs[submission.jobId] : undefined));

  const check = useMemo(
    () =>
      checkVoiceForm({
        ...form,
        prompt: prompt ? { sizeBytes: prompt.sizeBytes, speechSeconds: prompt.speechSeconds } : null,
        avatar: avatar ? { sizeBytes: avatar.size } : null,
        plan: service?.plan ?? 'free',
      }),
    [form, prompt, avatar, service],
  );

  // A voice job that fails puts the service's reason next to the field it concerns (derived from the job, so it
  // stays until the user edits the form); one that reaches the service closes the form (the library shows the
  // voice's live state from here on).
  const jobFailed = job !== undefined && (job.status === 'failed' || job.status === 'unknown-outcome');
  const jobError: SubmitError | null = useMemo(() => {
    if (!jobFailed) return null;
    const error = job.error ?? { code: 'FAILED', message: 'The service did not create the voice.' };
    return {
      code: 'SERVICE_ERROR',
      message: error.message,
      serviceCode: error.code,
      ...(error.requestId ? { requestId: error.requestId } : {}),
      field: fieldOfServiceError(error.code, error.httpStatus),
    };
  }, [job, jobFailed]);
  const reachedService = job !== undefined && (job.status === 'running' || job.status === 'succeeded');
  useEffect(() => {
    if (!reachedService) return;
    stores.notices.getState().receive({
      kind: 'notification',
      title: `Creating “${form.name}”`,
      body: 'It appears in your library with its live status.',
    });
    onClose();
  }, [reachedService, form.name, onClose, stores]);
  const shownError = submitError ?? jobError;

  // A field's problem shows once the user has changed it (or what it depends on), or tried to create the voice:
  // a fresh form is not a list of errors.
  const [touched, setTouched] = useState<ReadonlySet<VoiceFormField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]): void => {
    setForm((current) => ({ ...current, [key]: value }));
    setTouched((current) => new Set([...current, ...touchedBy(key)]));
    setSubmitError(null);
    if (jobFailed) setSubmission(null);
  };

  const submit = async (): Promise<void> => {
    if (!check.canSubmit) {
      setAttempted(true);
      return;
    }
    if (!prompt) return;
    setSubmitError(null);
    setSubmission(null);
    const client = stores.client;
    try {
      setUpload({ sent: 0, total: prompt.sizeBytes });
      const promptStagingId = await stageFile(client, prompt, (sent, total) => setUpload({ sent, total }));
      const avatarStagingId = avatar
        ? await stageFile(
            client,
            { blob: avatar, fileName: 'avatar.png', mediaType: 'image/png' },
            () => undefined,
          )
        : undefined;
      const created = await client.invoke('voices.create', {
        ...form,
        promptStagingId,
        promptSpeechSeconds: prompt.speechSeconds,
        consent: true,
        ...(avatarStagingId ? { avatarStagingId } : {}),
      });
      setSubmission({ jobId: created.id });
    } catch (error) {
      const { field, ...data } = errorData(error);
      setSubmitError({
        ...data,
        field: formFieldOf(field) ?? fieldOfServiceError(data.serviceCode ?? '', data.httpStatus),
      });
    } finally {
      setUpload(null);
    }
  };

  const problem = (field: VoiceFormField): string | null =>
    (shownError?.field === field ? shownError.message : null) ??
    (attempted ||
    touched.has(field) ||
    (field === 'prompt' && prompt !== null) ||
    (field === 'avatar' && avatar !== null)
      ? (check.problems[field] ?? null)
      : null);
  const fieldError = (field: VoiceFormField) => {
    const message = problem(field);
    if (!message) return null;
    return (
      <span
        className="field-error"
        id={`voice-form-error-${field}`}
        data-testid={`voice-form-error-${field}`}
      >
        {message}
        {shownError?.field === field && shownError.requestId ? (
          <RequestId requestId={shownError.requestId} />
        ) : null}
      </span>
    );
  };
  // The error is the field's description, not part of its name (a screen reader reads the label, then this).
  const describedBy = (field: VoiceFormField) =>
    problem(field) === null
      ? {}
      : { 'aria-invalid': true as const, 'aria-describedby': `voice-form-error-${field}` };
  const busy = upload !== null || (submission !== null && !jobFailed);

  return (
    <section className="card create-voice" data-testid="create-voice-panel" aria-label="New voice">
      <header className="page-header">
        <h2>New voice</h2>
        <button type="button" onClick={onClose} data-testid="create-voice-close">
          Close
        </button>
      </header>
      <div className="filter-bar" role="tablist" aria-label="Reference audio source">
        <button
          type="button"
          role="tab"
          aria-selected={source === 'record'}
          onClick={() => setSource('record')}
          data-testid="source-record"
        >
          Record
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={source === 'import'}
          onClick={() => setSource('import')}
          data-testid="source-import"
        >
          Import a file
        </button>
      </div>
      {source === 'record' ? (
        <RecorderPanel onReady={setPrompt} onCleared={() => setPrompt(null)} />
      ) : (
        <ImportPanel onReady={setPrompt} onCleared={() => setPrompt(null)} />
      )}
      {prompt ? (
        <p className="hint" data-testid="prompt-ready">
          Reference audio: {prompt.fileName}, {prompt.speechSeconds.toFixed(1)} s of speech.
        </p>
      ) : null}
      {fieldError('prompt')}

      <div className="form-grid">
        <div className="field">
          <label htmlFor="voice-name">Name</label>
          <input
            id="voice-name"
            data-testid="voice-name"
            value={form.name}
            onChange={(event) => set('name', event.target.value)}
            onBlur={() => setTouched((current) => new Set([...current, 'name']))}
            {...describedBy('name')}
          />
          {fieldError('name')}
        </div>
        <label className="field">
          <span>Description (optional)</span>
          <input
            data-testid="voice-description"
            value={form.description}
            onChange={(event) => set('description', event.target.value)}
          />
        </label>
        <div className="field">
          <label htmlFor="voice-language">Language</label>
          <select
            id="voice-language"
            {...describedBy('language')}
            data-testid="voice-language"
            value={form.language}
            onChange={(event) => set('language', event.target.value)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageLabel(code)}
              </option>
            ))}
          </select>
          {fieldError('language')}
        </div>
        <div className="field">
          <label htmlFor="voice-model-version">Model</label>
          <select
            id="voice-model-version"
            {...describedBy('modelVersion')}
            data-testid="voice-model-version"
            value={form.modelVersion}
            onChange={(event) => set('modelVersion', event.target.value === 'v4.0' ? 'v4.0' : 'v3.0')}
          >
            <option value="v3.0">v3.0 (default)</option>
            <option value="v4.0">v4.0 (preview)</option>
          </select>
          {fieldError('modelVersion')}
        </div>
        <div className="field">
          <label htmlFor="voice-avatar">Avatar (optional, cropped to a square)</label>
          <input
            id="voice-avatar"
            {...describedBy('avatar')}
            data-testid="voice-avatar"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return setAvatar(null);
              cropAvatarToSquare(file).then(setAvatar, (error: unknown) =>
                stores.notices.getState().showError(error),
              );
            }}
          />
          {fieldError('avatar')}
        </div>
      </div>
      <label className="check">
        <input
          type="checkbox"
          data-testid="voice-vocal-filter"
          checked={form.vocalFilter}
          onChange={(event) => set('vocalFilter', event.target.checked)}
        />
        Vocal filter (isolate the voice from background sound)
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="voice-professional"
          checked={form.professional}
          disabled={check.professionalUnavailable !== null && !form.professional}
          onChange={(event) => set('professional', event.target.checked)}
        />
        Professional clone (trained; needs a concrete language and professional-cloning access)
      </label>
      {check.professionalUnavailable ? (
        <p className="hint" data-testid="professional-unavailable">
          {check.professionalUnavailable}
        </p>
      ) : null}
      {fieldError('professional')}
      {check.notes.map((note) => (
        <p key={note} className="hint" data-testid="voice-form-note">
          {note}
        </p>
      ))}
      <label className="check">
        <input
          type="checkbox"
          data-testid="voice-consent"
          checked={form.consent}
          onChange={(event) => set('consent', event.target.checked)}
        />
        The speaker agreed to have their voice cloned.
      </label>
      {fieldError('consent')}
      {shownError && shownError.field === null ? <ErrorNotice error={shownError} /> : null}
      {upload ? (
        <progress
          data-testid="voice-upload-progress"
          value={upload.sent}
          max={upload.total}
          aria-label="Upload progress"
        />
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          data-testid="voice-submit"
          disabled={busy}
          onClick={() => void submit()}
        >
          {busy ? 'Sending…' : form.professional ? 'Start professional clone' : 'Create voice'}
        </button>
      </div>
    </section>
  );
}

/** The problems a change to a form field may show: its own, and those of the fields whose rules depend on it. */
function touchedBy(key: string): VoiceFormField[] {
  switch (key) {
    case 'professional':
      return ['professional', 'language'];
    case 'modelVersion':
      return ['modelVersion', 'professional'];
    case 'name':
    case 'language':
    case 'consent':
      return [key];
    default:
      return [];
  }
}
