import { useState } from 'react';
import { DEFAULT_EXPLICIT_WORDS, parseExplicitWords } from '../../../common/export/explicit-words.js';
import { selectExplicitWords } from '../../stores/settings-store.js';
import { useAppStores, useSettingsStore } from '../../stores/stores-context.js';

/** Settings → Explicit words: the list a retailer delivery's sample is checked for (one word or phrase a line). */
export function ExplicitWordsSection() {
  const stores = useAppStores();
  const saved = useSettingsStore(selectExplicitWords);
  const savedText = saved.join('\n');
  const [draft, setDraft] = useState(savedText);
  const [seen, setSeen] = useState(savedText);
  if (seen !== savedText) {
    // The list arrived or changed elsewhere: show it. Compared by its words, not the array, since every other
    // setting saved (the theme, a service) brings a new view with an equal list, which must not wipe a draft.
    setSeen(savedText);
    setDraft(savedText);
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);

  const save = (words: readonly string[]): void => {
    setSavedNote(false);
    stores.client
      .invoke('settings.setExplicitWords', { words: [...words] })
      .then((view) => {
        stores.settings.getState().setView(view);
        setDraft((view.explicitWords ?? DEFAULT_EXPLICIT_WORDS).join('\n'));
        setSavedNote(true);
      })
      .catch((error: unknown) => stores.notices.getState().showError(error));
  };

  const submit = (): void => {
    const parsed = parseExplicitWords(draft);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    save(parsed.words);
  };

  return (
    <section className="card" data-testid="explicit-words-section">
      <h2>Explicit words</h2>
      <p className="hint">
        A retailer delivery’s sample (ACX takes none with explicit content) is checked for these words,
        matched as whole words whatever their case. Each one found is named with its block before you upload;
        nothing is changed. One word or phrase a line.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="field">
          <span>Words to warn about</span>
          <textarea
            rows={8}
            data-testid="explicit-words"
            value={draft}
            onChange={(event) => {
              // An edit since the save is not saved: "Saved." would say it was.
              setSavedNote(false);
              setDraft(event.target.value);
            }}
          />
        </label>
        {problem ? (
          <p className="field-error" role="alert" data-testid="explicit-words-error">
            {problem}
          </p>
        ) : null}
        {savedNote ? (
          <p className="hint" role="status" data-testid="explicit-words-saved">
            Saved.
          </p>
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            data-testid="explicit-words-reset"
            onClick={() => save(DEFAULT_EXPLICIT_WORDS)}
          >
            Back to the defaults
          </button>
          <button type="submit" className="primary" data-testid="explicit-words-save">
            Save
          </button>
        </div>
      </form>
    </section>
  );
}
