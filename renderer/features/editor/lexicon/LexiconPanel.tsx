import { useState } from 'react';
import { setProjectLexicon } from '../../../../common/project/cast-edits.js';
import { randomId } from '../../../../common/project/block-factory.js';
import {
  lexiconFromCsv,
  lexiconFromPls,
  lexiconToCsv,
  lexiconToPls,
} from '../../../../common/pronunciation/lexicon-files.js';
import type { LexiconRule } from '../../../../common/pronunciation/lexicon-schema.js';
import type { DocumentState } from '../../../stores/document-store.js';
import { serviceRulesOf } from '../../../stores/service-library-store.js';
import { useAppStores, useDocumentStore, useServiceLibraryStore } from '../../../stores/stores-context.js';
import { applyOrConfirm, proposeChange } from '../inspector/change-impact.js';
import { LANGUAGE_OPTIONS } from '../inspector/TextBlockInspector.js';
import { PanelChangeConfirm } from '../block-state/StaleConfirm.js';
import type { PendingChange } from '../block-state/StaleConfirm.js';
import { useServiceVoices } from '../../../shared/use-service-voices.js';

type Scope = 'project' | 'service';

const NO_RULES: readonly LexiconRule[] = [];
const selectProjectRules = (state: DocumentState): readonly LexiconRule[] | null =>
  state.doc?.project.lexicon ?? null;
const selectServiceUrl = (state: DocumentState): string | undefined => state.doc?.project.serviceUrl;
const selectLanguage = (state: DocumentState): string | undefined => state.doc?.project.defaults.language;

/**
 * Pronunciation: rules that send a respelling or an alias in place of a term. The project's rules apply first,
 * then the service's (shared by every project on it); at each place in a text the first rule that matches wins.
 * The script is never changed. Every change says first how many generated blocks it makes stale.
 */
export function LexiconPanel() {
  const stores = useAppStores();
  const projectRules = useDocumentStore(selectProjectRules);
  const serviceUrl = useDocumentStore(selectServiceUrl);
  const projectLanguage = useDocumentStore(selectLanguage);
  const serviceRules = useServiceLibraryStore((state) => serviceRulesOf(state, serviceUrl));
  const { voices } = useServiceVoices(serviceUrl);
  const [scope, setScope] = useState<Scope>('project');
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [draft, setDraft] = useState({ term: '', replacement: '' });
  const [notice, setNotice] = useState<string | null>(null);
  if (projectRules === null) return null;
  const rules = scope === 'project' ? projectRules : serviceUrl === undefined ? NO_RULES : serviceRules;

  /**
   * A change to the rules in scope, as a function of them: a change waiting for the user's word runs it again on
   * the rules as they are when it is applied, so an edit made meanwhile is kept. Rules are found by id.
   */
  const change = (label: string, edit: (current: readonly LexiconRule[]) => readonly LexiconRule[]): void => {
    const proposed =
      scope === 'project'
        ? proposeChange(stores, label, {
            kind: 'project',
            edit: (project) => setProjectLexicon(project, edit(project.lexicon)),
          })
        : serviceUrl === undefined
          ? null
          : proposeChange(stores, label, { kind: 'service-lexicon', serviceUrl, edit });
    applyOrConfirm(proposed, setPending);
  };
  const patchRule = (id: string, patch: Partial<LexiconRule>): void => {
    const term = rules.find((rule) => rule.id === id)?.term ?? '';
    change(`Change the rule for “${term}”`, (current) =>
      current.map((rule) => {
        if (rule.id !== id) return rule;
        const merged: Record<string, unknown> = { ...rule, ...patch };
        for (const [key, value] of Object.entries(patch)) if (value === undefined) delete merged[key];
        return merged as LexiconRule;
      }),
    );
  };
  const move = (id: string, by: number): void =>
    change('Reorder pronunciation rules', (current) => {
      const index = current.findIndex((rule) => rule.id === id);
      if (index < 0) return current;
      const next = [...current];
      const [rule] = next.splice(index, 1);
      if (rule === undefined) return current;
      next.splice(Math.max(0, Math.min(next.length, index + by)), 0, rule);
      return next;
    });
  const add = (): void => {
    const term = draft.term.trim();
    if (term === '') return;
    const rule: LexiconRule = {
      id: randomId(),
      term,
      replacement: draft.replacement.trim(),
      wholeWord: true,
      caseSensitive: false,
    };
    change(`Say “${term}” as “${rule.replacement}”`, (current) => [...current, rule]);
    setDraft({ term: '', replacement: '' });
  };
  const importFile = async (file: File): Promise<void> => {
    const text = await file.text();
    const read = /\.csv$/iu.test(file.name)
      ? lexiconFromCsv(text, file.name, randomId)
      : lexiconFromPls(text, file.name, randomId);
    if (!read.ok) {
      setNotice(read.message);
      return;
    }
    setNotice(
      `${read.rules.length} rule${read.rules.length === 1 ? '' : 's'} read from ${file.name}` +
        (read.skipped.length === 0 ? '.' : `; skipped: ${read.skipped.join('; ')}.`),
    );
    change(`Add ${read.rules.length} rules from ${file.name}`, (current) => [...current, ...read.rules]);
  };
  const download = (kind: 'csv' | 'pls'): void => {
    const text = kind === 'csv' ? lexiconToCsv(rules) : lexiconToPls(rules, projectLanguage);
    const blob = new Blob([text], { type: kind === 'csv' ? 'text/csv' : 'application/pls+xml' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `pronunciation-${scope}.${kind}`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <details className="panel lexicon-panel" data-testid="lexicon-panel">
      <summary>
        Pronunciation ({projectRules.length} + {serviceRules.length})
      </summary>
      <div className="lexicon-scope" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={scope === 'project'}
          data-testid="lexicon-scope-project"
          onClick={() => setScope('project')}
        >
          This project ({projectRules.length})
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={scope === 'service'}
          disabled={serviceUrl === undefined}
          title={
            serviceUrl === undefined ? 'Link the project to a service first' : 'Shared by every project on it'
          }
          data-testid="lexicon-scope-service"
          onClick={() => setScope('service')}
        >
          Every project on the service ({serviceRules.length})
        </button>
      </div>
      <PanelChangeConfirm pending={pending} onClose={() => setPending(null)} />
      {rules.length === 0 ? (
        <p className="hint">No rules yet. The first rule that matches at a place in the text wins.</p>
      ) : (
        // One card per rule, not a table: the side panel is too narrow for seven columns.
        <ol className="lexicon-rules" data-testid="lexicon-rules">
          {rules.map((rule, index) => (
            <li key={rule.id} className="lexicon-rule" data-testid="lexicon-rule">
              <div className="lexicon-rule-words">
                <label className="caption-field">
                  Term
                  <input
                    type="text"
                    defaultValue={rule.term}
                    key={`term:${rule.term}`}
                    onBlur={(event) => {
                      if (event.target.value !== rule.term) patchRule(rule.id, { term: event.target.value });
                    }}
                  />
                </label>
                <label className="caption-field">
                  Say as
                  <input
                    type="text"
                    defaultValue={rule.replacement}
                    key={`say:${rule.replacement}`}
                    onBlur={(event) => {
                      if (event.target.value !== rule.replacement)
                        patchRule(rule.id, { replacement: event.target.value });
                    }}
                  />
                </label>
              </div>
              <div className="lexicon-rule-options">
                <label className="checkbox-field" title="Match whole words only">
                  <input
                    type="checkbox"
                    checked={rule.wholeWord}
                    onChange={(event) => patchRule(rule.id, { wholeWord: event.target.checked })}
                  />
                  Whole word
                </label>
                <label className="checkbox-field" title="Match letter case">
                  <input
                    type="checkbox"
                    checked={rule.caseSensitive}
                    onChange={(event) => patchRule(rule.id, { caseSensitive: event.target.checked })}
                  />
                  Match case
                </label>
                <label className="caption-field" title="Apply only to text in this language">
                  Language
                  <select
                    value={rule.language ?? ''}
                    onChange={(event) => patchRule(rule.id, { language: event.target.value || undefined })}
                  >
                    <option value="">Any</option>
                    {LANGUAGE_OPTIONS.filter((option) => option.value !== 'auto').map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="caption-field" title="Apply only to blocks in this voice">
                  Voice
                  <select
                    value={rule.voiceId ?? ''}
                    onChange={(event) => patchRule(rule.id, { voiceId: event.target.value || undefined })}
                  >
                    <option value="">Any</option>
                    {voices.map((voice) => (
                      <option key={voice.id} value={voice.idForGenerate}>
                        {voice.name}
                      </option>
                    ))}
                    {rule.voiceId !== undefined &&
                    !voices.some((voice) => voice.idForGenerate === rule.voiceId) ? (
                      <option value={rule.voiceId}>{rule.voiceId}</option>
                    ) : null}
                  </select>
                </label>
                <span className="lexicon-rule-actions">
                  <button
                    type="button"
                    aria-label="Earlier"
                    title="Move earlier: the first rule that matches wins"
                    disabled={index === 0}
                    onClick={() => move(rule.id, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label="Later"
                    title="Move later"
                    disabled={index === rules.length - 1}
                    onClick={() => move(rule.id, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove the rule for ${rule.term}`}
                    title="Remove this rule"
                    data-testid="lexicon-rule-remove"
                    onClick={() =>
                      change(`Remove the rule for “${rule.term}”`, (current) =>
                        current.filter((candidate) => candidate.id !== rule.id),
                      )
                    }
                  >
                    ✕
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form
        className="lexicon-add"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label className="caption-field">
          New term (as written)
          <input
            value={draft.term}
            placeholder="e.g. Nguyen"
            data-testid="lexicon-new-term"
            onChange={(event) => setDraft({ ...draft, term: event.target.value })}
          />
        </label>
        <label className="caption-field">
          Say as (respelling or alias)
          <input
            value={draft.replacement}
            placeholder="e.g. Win"
            data-testid="lexicon-new-replacement"
            onChange={(event) => setDraft({ ...draft, replacement: event.target.value })}
          />
        </label>
        <button type="submit" data-testid="lexicon-add" disabled={draft.term.trim() === ''}>
          Add rule
        </button>
      </form>
      <div className="form-actions">
        <label className="button-like">
          Import CSV or PLS…
          <input
            type="file"
            hidden
            accept=".csv,.pls,.xml,text/csv,application/pls+xml"
            data-testid="lexicon-import"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </label>
        <button type="button" disabled={rules.length === 0} onClick={() => download('csv')}>
          Export CSV
        </button>
        <button type="button" disabled={rules.length === 0} onClick={() => download('pls')}>
          Export PLS
        </button>
      </div>
      {notice ? (
        <p className="hint" data-testid="lexicon-notice">
          {notice}
        </p>
      ) : null}
    </details>
  );
}
