import { useMemo } from 'react';
import { explicitWordWarnings } from '../../../common/export/explicit-words.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import {
  DEFAULT_SAMPLE_SECONDS,
  chooseRetailSample,
  clock,
  sampleOpening,
} from '../../../common/export/retail-sample.js';
import { estimatedSampleSpeech } from '../../../common/export/retail-sample-speech.js';
import type { Project } from '../../../common/project/index.js';
import type { SendContext } from '../../../common/project/send-context.js';
import { layoutOf } from '../../shared/project-derived.js';
import type { ExportForm } from './export-form.js';
import { formSampleRequest } from './export-profile.js';

/**
 * The retail sample of a retailer delivery, before anything is written: where the studio proposes it (or where the
 * user put it: a block number or m:ss, and a length), how long it is and its first words, with a warning for each
 * explicit word in it. Timed from the editor's timeline; the export times the written audio, so it starts at the
 * same sentence and may differ by a fraction of a second in length.
 */
export function ExportSampleField({
  form,
  project,
  context,
  explicitWords,
  disabled,
  onChange,
}: {
  form: ExportForm;
  project: Project | null;
  context: SendContext | null;
  explicitWords: readonly string[];
  disabled: boolean;
  onChange(key: 'sampleStart' | 'sampleLength', value: string): void;
}) {
  const bounds = form.profile === undefined ? undefined : retailProfile(form.profile).retailSample;
  const { profile, sampleStart = '', sampleLength = '' } = form;
  const request = useMemo(
    () => formSampleRequest({ profile, sampleStart, sampleLength }),
    [profile, sampleStart, sampleLength],
  );
  const choice = useMemo(() => {
    if (bounds === undefined || project === null || context === null || !request.ok) return undefined;
    const wanted = request.request ?? {};
    // The editor's shared layout; only the blocks around the sample are cut into sentences.
    const speech = estimatedSampleSpeech(project, layoutOf(project, context), wanted, bounds.maxSeconds);
    return chooseRetailSample(speech, bounds, wanted);
  }, [bounds, project, context, request]);
  if (bounds === undefined || project === null || !form.mode.startsWith('chapters')) return null;
  const sample = choice?.ok === true ? choice.sample : undefined;
  const problem = !request.ok ? request.message : choice?.ok === false ? choice.problem : undefined;
  const warnings = sample ? explicitWordWarnings(sample.passages, explicitWords) : [];
  return (
    <fieldset className="export-sample" data-testid="export-sample">
      <legend>Retail sample</legend>
      {sample ? (
        <p className="hint" data-testid="export-sample-summary">
          “Retail Sample” beside the chapters: {clock(sample.endMs - sample.startMs)} from block{' '}
          {sample.passages[0]!.blockNumber} ({clock(sample.startMs)}), “{sampleOpening(sample)}”
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert" data-testid="export-sample-problem">
          {problem}
        </p>
      ) : null}
      {warnings.map((warning) => (
        <p key={warning} className="export-sample-warning" role="note" data-testid="export-sample-warning">
          {warning}
        </p>
      ))}
      <label className="field">
        <span>Start at block or time</span>
        <input
          data-testid="export-sample-start"
          placeholder="the first chapter (or 12, 4:30)"
          value={form.sampleStart ?? ''}
          disabled={disabled}
          onChange={(event) => onChange('sampleStart', event.target.value)}
        />
      </label>
      <label className="field">
        <span>
          Length ({bounds.minSeconds}–{bounds.maxSeconds} s)
        </span>
        <input
          data-testid="export-sample-length"
          inputMode="numeric"
          placeholder={String(DEFAULT_SAMPLE_SECONDS)}
          value={form.sampleLength ?? ''}
          disabled={disabled}
          onChange={(event) => onChange('sampleLength', event.target.value)}
        />
      </label>
    </fieldset>
  );
}
