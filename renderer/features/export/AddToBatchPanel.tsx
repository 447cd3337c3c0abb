import { useEffect, useMemo, useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { CountedProjectEntry } from '../../../common/project/library-views.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useAppInfo } from '../../app/use-app-info.js';
import { ChooserConfirmHint } from '../../components/ChooserConfirmHint.js';
import { ChooserWindow } from '../../components/ChooserWindow.js';
import { typedPathNeedsChooser } from '../../components/typed-path.js';
import { PathField } from '../../components/PathField.js';
import { errorData } from '../../stores/notice-store.js';
import type { ExportForm } from './export-form.js';
import { defaultExportForm, settingsFromForm } from './export-form.js';
import { ExportFormatFields } from './ExportFormatFields.js';
import { CreditConfirm } from '../generation/CreditConfirm.js';
import { formatCount } from '../../shared/format.js';
import { selectGenerationSettings } from '../../stores/settings-store.js';
import { useAppStores, useSettingsStore } from '../../stores/stores-context.js';

type ReadyEntry = CountedProjectEntry;

/** Picks projects of the library and how to export them, and adds them to the queue. */
export function AddToBatchPanel({ onDone }: { onDone(): void }) {
  const stores = useAppStores();
  const [entries, setEntries] = useState<ReadyEntry[] | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [destination, setDestination] = useState('');
  const [defaultFolder, setDefaultFolder] = useState<string | null>(null);
  // The user typed the destination (rather than choosing it or keeping the default) since the last choice.
  const [typed, setTyped] = useState(false);
  const [nameTemplate, setNameTemplate] = useState('{title}');
  const [form, setForm] = useState<ExportForm>({ ...defaultExportForm, mode: 'mix' });
  // Off until the user ticks it: adding projects to the queue spends no credits unasked.
  const [generateMissing, setGenerateMissing] = useState(false);
  const [overwrite, setOverwrite] = useState(false);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  /** Main's chooser window is open; `thenAdd` when Add asked the user to confirm a typed folder there. */
  const [choosing, setChoosing] = useState<{ thenAdd: boolean } | null>(null);
  const appInfo = useAppInfo();
  const [confirming, setConfirming] = useState(false);
  const settings = useMemo(() => settingsFromForm(form), [form]);
  const { confirmAboveCredits } = useSettingsStore(selectGenerationSettings);
  // What "generate first" would send for the chosen projects, as their files stand (main counted it).
  const toGenerate = useMemo(() => {
    const total = { blocks: 0, credits: 0 };
    for (const entry of entries ?? []) {
      if (!chosen.has(entry.fileName)) continue;
      total.blocks += entry.toGenerate.blocks;
      total.credits += entry.toGenerate.credits;
    }
    return total;
  }, [entries, chosen]);

  useEffect(() => {
    const client = stores.client;
    Promise.all([client.invoke('projects.list'), client.invoke('export.defaultFolder')])
      .then(([list, { folder }]) => {
        // Listed without `promptly`, every readable row is counted.
        setEntries(list.filter((entry): entry is ReadyEntry => entry.ok && entry.counting !== true));
        setDefaultFolder(folder);
        setDestination((current) => current || folder);
      })
      .catch((caught: unknown) => setError(errorData(caught)));
  }, [stores]);

  const toggle = (fileName: string): void =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(fileName)) next.delete(fileName);
      else next.add(fileName);
      return next;
    });

  const chooseFolder = async (): Promise<void> => {
    const picked = await stores.client.invoke('files.chooseFolder', { suggestedPath: destination || '/' });
    if (picked.path) {
      setDestination(picked.path);
      setTyped(false);
    }
    // No system dialog (the browser shell): main's own chooser.
    else setChoosing({ thenAdd: false });
  };

  // In the browser shell a typed folder outside the default one is confirmed in main's chooser window (Enter, or
  // Add) instead of being sent only to be refused.
  const needsConfirming = typedPathNeedsChooser({
    shell: appInfo?.shell,
    typed,
    defaultFolder,
    typedPath: destination,
  });

  /**
   * Adds at once, or first asks when what it would generate is above the credits set in Settings → Generation; a
   * typed folder the browser shell cannot write to yet is first confirmed in the chooser window.
   */
  const requestAdd = (confirmedDestination?: string): void => {
    if (confirmedDestination === undefined && needsConfirming) setChoosing({ thenAdd: true });
    else if (generateMissing && toGenerate.credits > confirmAboveCredits) setConfirming(true);
    else void add(confirmedDestination ?? destination);
  };

  const add = async (to = destination): Promise<void> => {
    setConfirming(false);
    if (!settings.ok || chosen.size === 0) return;
    setBusy(true);
    setError(null);
    try {
      const view = await stores.client.invoke('batch.add', {
        sources: [...chosen].map((fileName) => ({ kind: 'library' as const, fileName })),
        destination: to,
        nameTemplate,
        settings: settings.settings,
        generateMissing,
        overwrite,
      });
      stores.exportJobs.getState().setQueue(view);
      onDone();
    } catch (caught) {
      setError(errorData(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card batch-add" data-testid="batch-add-panel" aria-label="Add projects to the queue">
      <header className="page-header">
        <h2>Add projects</h2>
        <button type="button" onClick={onDone} data-testid="batch-add-close">
          Close
        </button>
      </header>
      {entries === null ? <p className="hint">Reading the projects folder…</p> : null}
      {entries?.length === 0 ? (
        <p className="hint">No projects yet: create or import one on the Projects page.</p>
      ) : null}
      {entries && entries.length > 0 ? (
        <div className="batch-project-list">
          <label className="check">
            <input
              type="checkbox"
              data-testid="batch-select-all"
              checked={chosen.size === entries.length}
              onChange={(event) =>
                setChosen(event.target.checked ? new Set(entries.map((entry) => entry.fileName)) : new Set())
              }
            />
            All projects ({entries.length})
          </label>
          {entries.map((entry) => (
            <label key={entry.fileName} className="check">
              <input
                type="checkbox"
                data-testid="batch-project"
                data-title={entry.title}
                checked={chosen.has(entry.fileName)}
                onChange={() => toggle(entry.fileName)}
              />
              {entry.title} <span className="hint">({entry.blockCount} blocks)</span>
            </label>
          ))}
        </div>
      ) : null}
      {/* The destination and its chooser come before the grid of fields: the chooser is taller than a field, and a
          grid row stretches every field in it to the height of its tallest cell. */}
      <PathField
        label="Destination folder"
        chooseTestId="batch-choose-destination"
        onChoose={() => void chooseFolder()}
      >
        <input
          data-testid="batch-destination"
          value={destination}
          title={destination}
          spellCheck={false}
          onChange={(event) => {
            setDestination(event.target.value);
            setTyped(true);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || appInfo?.shell !== 'browser') return;
            event.preventDefault();
            setChoosing({ thenAdd: false });
          }}
        />
      </PathField>
      {needsConfirming && choosing === null ? (
        <ChooserConfirmHint
          testId="batch-destination-confirm"
          defaultFolder={defaultFolder}
          action="Enter or Add opens it at this folder"
        />
      ) : null}
      {choosing ? (
        <ChooserWindow
          kind="folder"
          initialPath={destination || '/'}
          onChosen={(chosenFolder) => {
            setDestination(chosenFolder);
            setTyped(false);
            setChoosing(null);
            if (choosing.thenAdd) requestAdd(chosenFolder);
          }}
          onCancel={() => setChoosing(null)}
        />
      ) : null}
      <div className="form-grid">
        <label className="field">
          <span>File names</span>
          <input
            data-testid="batch-name-template"
            value={nameTemplate}
            spellCheck={false}
            onChange={(event) => setNameTemplate(event.target.value)}
          />
          <span className="hint">{'{title}, {file}, {date}, {index}'}; clashes get “ (2)”.</span>
        </label>
        <ExportFormatFields
          form={form}
          disabled={busy}
          modes={false}
          onChange={(key, value) => setForm({ ...form, [key]: value })}
        />
      </div>
      <label className="check">
        <input
          type="checkbox"
          data-testid="batch-generate-missing"
          checked={generateMissing}
          onChange={(event) => setGenerateMissing(event.target.checked)}
        />
        Generate blocks without audio first{' '}
        <span className="hint" data-testid="batch-generate-estimate">
          {chosen.size === 0
            ? '(uses credits)'
            : toGenerate.blocks === 0
              ? '(nothing to generate in the chosen projects)'
              : `(${formatCount(toGenerate.blocks)} block${toGenerate.blocks === 1 ? '' : 's'}, up to ≈ ${formatCount(toGenerate.credits)} credits)`}
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="batch-overwrite"
          checked={overwrite}
          onChange={(event) => setOverwrite(event.target.checked)}
        />
        Replace files already in the destination
      </label>
      {!settings.ok ? <p className="field-error">{settings.message}</p> : null}
      {error ? <ErrorNotice error={error} testId="batch-add-error" /> : null}
      {confirming ? (
        <CreditConfirm
          what={`Generate ${formatCount(toGenerate.blocks)} block${toGenerate.blocks === 1 ? '' : 's'} of ${chosen.size} project${chosen.size === 1 ? '' : 's'}, then export`}
          credits={toGenerate.credits}
          threshold={confirmAboveCredits}
          reuse
          confirmLabel="Add to the queue"
          onConfirm={() => void add()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          data-testid="batch-add-submit"
          disabled={busy || confirming || chosen.size === 0 || !settings.ok || destination.trim() === ''}
          onClick={() => requestAdd()}
        >
          Add {chosen.size} project{chosen.size === 1 ? '' : 's'} to the queue
        </button>
      </div>
    </section>
  );
}
