import { useState } from 'react';
import type { CheckThresholds } from '../../../common/audio/take-checks.js';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import { checkThresholdsSchema } from '../../../common/settings/settings-schema.js';
import { selectCheckThresholds } from '../../stores/settings-store.js';
import { useAppStores, useSettingsStore } from '../../stores/stores-context.js';

/** Each threshold as the form shows it: in the unit a narrator thinks in, converted to and from the setting. */
const FIELDS: readonly {
  key: keyof CheckThresholds;
  label: string;
  unit: string;
  help: string;
  toForm(value: number): number;
  fromForm(value: number): number;
}[] = [
  {
    key: 'durationTolerance',
    label: 'Length differs from expected by more than',
    unit: '%',
    help: 'Expected from the text’s length and the pace of the voice’s other takes in the project: a much shorter take may have dropped words, a longer one repeated some. A take must also be over half a second off, so a short line such as “Yes.” is not flagged for its length.',
    toForm: (value) => Math.round(value * 100),
    fromForm: (value) => value / 100,
  },
  {
    key: 'longPauseMs',
    label: 'A silence inside the take longer than',
    unit: 's',
    help: 'Sentence pauses are usually under half a second.',
    toForm: (value) => value / 1000,
    fromForm: (value) => Math.round(value * 1000),
  },
  {
    key: 'edgeSilenceMs',
    label: 'Silence before or after the speech longer than',
    unit: 's',
    help: 'Dead air at the start or end of a block adds to the pause you set after it.',
    toForm: (value) => value / 1000,
    fromForm: (value) => Math.round(value * 1000),
  },
  {
    key: 'loudnessToleranceDb',
    label: 'Louder or quieter than the project’s typical take by more than',
    unit: 'dB',
    help: '6 dB is about twice as loud, or half.',
    toForm: (value) => value,
    fromForm: (value) => value,
  },
  {
    key: 'clippedSamples',
    label: 'Samples at full scale (clipping) more than',
    unit: 'samples',
    help: '0 flags any clipping at all.',
    toForm: (value) => value,
    fromForm: (value) => Math.round(value),
  },
];

type Draft = Record<keyof CheckThresholds, string>;

function draftOf(thresholds: CheckThresholds): Draft {
  return Object.fromEntries(
    FIELDS.map((field) => [field.key, String(field.toForm(thresholds[field.key]))]),
  ) as Draft;
}

/** Settings → Take checks: what counts as worth a listen after each take is measured. */
export function ChecksSection() {
  const stores = useAppStores();
  const saved = useSettingsStore(selectCheckThresholds);
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    // The settings arrived or changed elsewhere: show them.
    setSeen(saved);
    setDraft(draftOf(saved));
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);

  const save = (thresholds: CheckThresholds): void => {
    stores.client
      .invoke('settings.setChecks', { checks: thresholds })
      .then((view) => {
        stores.settings.getState().setView(view);
        setDraft(draftOf(view.checks));
        setSavedNote(true);
      })
      .catch((error: unknown) => stores.notices.getState().showError(error));
  };

  const submit = (): void => {
    setSavedNote(false);
    const values: Partial<Record<keyof CheckThresholds, number>> = {};
    for (const field of FIELDS) {
      const number = Number(draft[field.key].replace(',', '.'));
      if (draft[field.key].trim() === '' || !Number.isFinite(number)) {
        setProblem(`“${field.label}” needs a number.`);
        return;
      }
      values[field.key] = field.fromForm(number);
    }
    const parsed = checkThresholdsSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = FIELDS.find((candidate) => candidate.key === issue?.path[0]);
      setProblem(`“${field?.label ?? 'A threshold'}” ${issue?.message ?? 'is not valid'}.`);
      return;
    }
    setProblem(null);
    save(parsed.data);
  };

  return (
    <section className="card" data-testid="checks-section">
      <h2>Take checks</h2>
      <p className="hint">
        Every take is measured when it arrives. A block is marked “Needs review” when its take goes past one
        of these, unless you pinned that take or marked it “Sounds fine”. Nothing is changed or sent: the
        checks only tell you where to listen.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {FIELDS.map((field) => (
          <label key={field.key} className="field">
            <span>
              {field.label} ({field.unit})
            </span>
            <input
              type="number"
              step="any"
              inputMode="decimal"
              data-testid={`check-${field.key}`}
              value={draft[field.key]}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            />
            <span className="hint">{field.help}</span>
          </label>
        ))}
        {problem ? (
          <p className="field-error" role="alert" data-testid="checks-error">
            {problem}
          </p>
        ) : null}
        {savedNote ? (
          <p className="hint" role="status" data-testid="checks-saved">
            Saved.
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" data-testid="checks-reset" onClick={() => save(DEFAULT_CHECK_THRESHOLDS)}>
            Back to the defaults
          </button>
          <button type="submit" className="primary" data-testid="checks-save">
            Save
          </button>
        </div>
      </form>
    </section>
  );
}
