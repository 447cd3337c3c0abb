import { useState } from 'react';
import type { GenerationUpdate } from '../../../common/settings/settings-schema.js';
import {
  DEFAULT_GENERATION_SETTINGS,
  generationUpdateSchema,
} from '../../../common/settings/settings-schema.js';
import { selectActiveService, selectGenerationSettings } from '../../stores/settings-store.js';
import { selectVoicesOf } from '../../stores/service-library-store.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores, useSettingsStore, useServiceLibraryStore } from '../../stores/stores-context.js';

/**
 * Settings → Generation: above how many credits Generate asks first, and the voice new projects and imports of
 * the active service start with (without one, a ready voice in the project's or the user's language).
 */
export function GenerationSection() {
  const stores = useAppStores();
  const saved = useSettingsStore(selectGenerationSettings);
  const active = useSettingsStore(selectActiveService);
  const voices = useServiceLibraryStore(selectVoicesOf(active?.url));
  const [threshold, setThreshold] = useState(String(saved.confirmAboveCredits));
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    // The settings arrived or changed elsewhere: show them.
    setSeen(saved);
    setThreshold(String(saved.confirmAboveCredits));
  }
  // Each control answers beside itself: the limit saves with its button, the voice as soon as it is picked.
  const [limitStatus, setLimitStatus] = useState<Status>(null);
  const [voiceStatus, setVoiceStatus] = useState<Status>(null);

  // Each control sends only its own setting: main merges it, so a save never carries back a stale copy of the other.
  const save = (generation: GenerationUpdate, report: (status: Status) => void): void => {
    report(null);
    const parsed = generationUpdateSchema.safeParse(generation);
    if (!parsed.success) {
      report({
        kind: 'error',
        message: `“Ask before generating more than” ${parsed.error.issues[0]?.message ?? 'is not valid'}.`,
      });
      return;
    }
    stores.client
      .invoke('settings.setGeneration', { generation: parsed.data })
      .then((view) => {
        stores.settings.getState().setView(view);
        report({ kind: 'saved' });
      })
      .catch((error: unknown) => report({ kind: 'error', message: errorData(error).message }));
  };

  const chosen = active === null ? undefined : saved.defaultVoices[active.url];
  const setDefaultVoice = (voiceId: string): void => {
    if (active === null) return;
    const voice = voices.find((candidate) => candidate.idForGenerate === voiceId);
    save(
      { defaultVoices: { [active.url]: voice === undefined ? null : { voiceId, voiceName: voice.name } } },
      setVoiceStatus,
    );
  };

  return (
    <section className="card generation-section" data-testid="generation-section">
      <h2>Generation</h2>
      <form
        className="generation-limit"
        onSubmit={(event) => {
          event.preventDefault();
          const credits = Number(threshold.replace(/[\s,]/gu, ''));
          if (threshold.trim() === '' || !Number.isFinite(credits)) {
            setLimitStatus({
              kind: 'error',
              message: '“Ask before generating more than” needs a number of credits.',
            });
            return;
          }
          save({ confirmAboveCredits: credits }, setLimitStatus);
        }}
      >
        <div className="field">
          <label htmlFor="generation-confirm-above">Ask before generating more than (credits)</label>
          <div className="setting-row">
            <input
              id="generation-confirm-above"
              type="text"
              inputMode="numeric"
              data-testid="generation-confirm-above"
              value={threshold}
              aria-invalid={limitStatus?.kind === 'error' ? true : undefined}
              onChange={(event) => {
                setThreshold(event.target.value);
                setLimitStatus(null);
              }}
            />
            <button type="submit" className="primary" data-testid="generation-settings-save">
              Save
            </button>
          </div>
          <StatusLine status={limitStatus} testId="generation-settings" savedText="Saved." />
          <span className="hint">
            Generate shows its credit estimate and waits for you above this. The default,{' '}
            {DEFAULT_GENERATION_SETTINGS.confirmAboveCredits.toLocaleString('en')}, is about five minutes of
            speech; 0 asks every time.
          </span>
        </div>
      </form>
      <label className="field generation-voice">
        <span>Default voice of new projects{active === null ? '' : ` on ${active.label || active.url}`}</span>
        <select
          data-testid="generation-default-voice"
          value={chosen?.voiceId ?? ''}
          disabled={active === null}
          onChange={(event) => setDefaultVoice(event.target.value)}
        >
          <option value="">A ready voice in the project’s language</option>
          {chosen !== undefined && !voices.some((voice) => voice.idForGenerate === chosen.voiceId) ? (
            <option value={chosen.voiceId}>{chosen.voiceName} (not in the library)</option>
          ) : null}
          {voices.map((voice) => (
            <option key={voice.id} value={voice.idForGenerate}>
              {voice.name}
              {voice.language ? ` (${voice.language})` : ''}
            </option>
          ))}
        </select>
        <StatusLine
          status={voiceStatus}
          testId="generation-default-voice"
          savedText="Saved: used from now on."
        />
        <span className="hint">
          Saved as soon as you pick it. New projects and imports start with it; each project can still choose
          another in its defaults.
        </span>
      </label>
    </section>
  );
}

type Status = { kind: 'saved' } | { kind: 'error'; message: string } | null;

/** A control's own answer, right under it: its error, or that it was saved. */
function StatusLine({ status, testId, savedText }: { status: Status; testId: string; savedText: string }) {
  if (status === null) return null;
  return status.kind === 'error' ? (
    <span className="field-error" role="alert" data-testid={`${testId}-error`}>
      {status.message}
    </span>
  ) : (
    <span className="hint setting-saved" role="status" data-testid={`${testId}-saved`}>
      {savedText}
    </span>
  );
}
