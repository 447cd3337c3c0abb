import { useState } from 'react';
import type { GenerationSettings } from '../../../common/settings/settings-schema.js';
import {
  DEFAULT_GENERATION_SETTINGS,
  generationSettingsSchema,
} from '../../../common/settings/settings-schema.js';
import { selectActiveService, selectGenerationSettings } from '../../stores/settings-store.js';
import { selectVoicesOf } from '../../stores/voices-store.js';
import { useAppStores, useSettingsStore, useVoicesStore } from '../../stores/stores-context.js';

/**
 * Settings → Generation: above how many credits Generate asks first, and the voice new projects and imports of
 * the active service start with (without one, a ready voice in the project's or the user's language).
 */
export function GenerationSection() {
  const stores = useAppStores();
  const saved = useSettingsStore(selectGenerationSettings);
  const active = useSettingsStore(selectActiveService);
  const voices = useVoicesStore(selectVoicesOf(active?.url));
  const [threshold, setThreshold] = useState(String(saved.confirmAboveCredits));
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    // The settings arrived or changed elsewhere: show them.
    setSeen(saved);
    setThreshold(String(saved.confirmAboveCredits));
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);

  const save = (generation: GenerationSettings): void => {
    setSavedNote(false);
    const parsed = generationSettingsSchema.safeParse(generation);
    if (!parsed.success) {
      setProblem(`“Ask before generating more than” ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
      return;
    }
    setProblem(null);
    stores.client
      .invoke('settings.setGeneration', { generation: parsed.data })
      .then((view) => {
        stores.settings.getState().setView(view);
        setSavedNote(true);
      })
      .catch((error: unknown) => stores.notices.getState().showError(error));
  };

  const chosen = active === null ? undefined : saved.defaultVoices[active.url];
  const setDefaultVoice = (voiceId: string): void => {
    if (active === null) return;
    const { [active.url]: _previous, ...others } = saved.defaultVoices;
    const voice = voices.find((candidate) => candidate.idForGenerate === voiceId);
    save({
      ...saved,
      defaultVoices:
        voice === undefined ? others : { ...others, [active.url]: { voiceId, voiceName: voice.name } },
    });
  };

  return (
    <section className="card" data-testid="generation-section">
      <h2>Generation</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const credits = Number(threshold.replace(/[\s,]/gu, ''));
          if (threshold.trim() === '' || !Number.isFinite(credits)) {
            setProblem('“Ask before generating more than” needs a number of credits.');
            return;
          }
          save({ ...saved, confirmAboveCredits: credits });
        }}
      >
        <label className="field">
          <span>Ask before generating more than (credits)</span>
          <input
            type="text"
            inputMode="numeric"
            data-testid="generation-confirm-above"
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
          />
          <span className="hint">
            Generate shows its credit estimate and waits for you above this. The default,{' '}
            {DEFAULT_GENERATION_SETTINGS.confirmAboveCredits.toLocaleString('en')}, is about five minutes of
            speech; 0 asks every time.
          </span>
        </label>
        <div className="form-actions">
          <button type="submit" className="primary" data-testid="generation-settings-save">
            Save
          </button>
        </div>
      </form>
      <label className="field">
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
        <span className="hint">
          New projects and imports start with it; each project can still choose another in its defaults.
        </span>
      </label>
      {problem ? (
        <p className="field-error" role="alert" data-testid="generation-settings-error">
          {problem}
        </p>
      ) : null}
      {savedNote ? (
        <p className="hint" role="status" data-testid="generation-settings-saved">
          Saved.
        </p>
      ) : null}
    </section>
  );
}
