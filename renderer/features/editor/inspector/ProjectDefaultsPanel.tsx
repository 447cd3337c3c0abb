import { useMemo, useState } from 'react';
import { setProjectDefaults } from '../../../../common/project/project-edits.js';
import type { ProjectDefaults } from '../../../../common/project/project-schema.js';
import type { RuleViolation } from '../../../../common/rules/violation.js';
import { validateContentBlock } from '../../../../common/rules/content-block.js';
import { RANGES } from '../../../../common/rules/vocabulary.js';
import type { DocumentState } from '../../../stores/document-store.js';
import { defaultStyleOf, voiceHasStyle } from '../../../../common/project/voice-fit.js';
import { applyOrConfirm, proposeChange } from './change-impact.js';
import { PanelChangeConfirm } from '../block-state/StaleConfirm.js';
import type { PendingChange } from '../block-state/StaleConfirm.js';
import { ListSelect, NumberInput } from './inspector-fields.js';
import { LANGUAGE_OPTIONS, PRESET_OPTIONS } from './TextBlockInspector.js';
import { useServiceVoices } from '../../../shared/use-service-voices.js';
import { StylePicker, VoicePicker, findVoice } from './VoiceFields.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { useAppStores, useDocumentStore } from '../../../stores/stores-context.js';

type DefaultsPatch = Partial<{ [K in keyof ProjectDefaults]: ProjectDefaults[K] | undefined }>;

/**
 * A change of the defaults, made at once when it stales nothing, else handed to `confirm` with how many generated
 * blocks would need generating again and their credits (every block that follows the changed default).
 */
function changeDefaults(
  stores: AppStores,
  confirm: (pending: PendingChange) => void,
  patch: DefaultsPatch,
  coalesceKey?: string,
): void {
  applyOrConfirm(
    proposeChange(stores, 'Change project defaults', {
      kind: 'project',
      edit: (doc) => setProjectDefaults(doc, patch),
      coalesceKey,
    }),
    confirm,
  );
}

/**
 * The defaults every text block uses unless it overrides them. Their values are checked with the same rules as a
 * block's (as a text block that uses all of them would send them).
 */
// Only the defaults and the service: typing in a block (a new project value) does not re-render this panel.
const selectDefaults = (state: DocumentState): ProjectDefaults | null => state.doc?.project.defaults ?? null;
const selectServiceUrl = (state: DocumentState): string | undefined => state.doc?.project.serviceUrl;

export function ProjectDefaultsPanel() {
  const defaults = useDocumentStore(selectDefaults);
  const serviceUrl = useDocumentStore(selectServiceUrl);
  if (defaults === null) return null;
  return <DefaultsForm defaults={defaults} serviceUrl={serviceUrl} />;
}

function DefaultsForm({
  defaults,
  serviceUrl,
}: {
  defaults: ProjectDefaults;
  serviceUrl: string | undefined;
}) {
  const stores = useAppStores();
  const { voices, unavailableReason } = useServiceVoices(serviceUrl);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const applyDefaults = (patch: DefaultsPatch, coalesceKey?: string): void =>
    changeDefaults(stores, setPending, patch, coalesceKey);
  const problems = useMemo(() => defaultsProblems(defaults), [defaults]);
  const voice = findVoice(voices, defaults.voiceId);
  // The style choices are the default voice's; a style it lacks (the voice changed) is named, with its own default.
  const styleMisfit =
    voice !== undefined && !voiceHasStyle(voice, defaults.promptId) ? defaultStyleOf(voice) : undefined;
  const problem = (field: string) =>
    problems
      .filter((violation) => violation.field === field)
      .map((violation) => (
        <span key={violation.rule} className="field-error" data-testid={`project-default-violation-${field}`}>
          {violation.message.replace(/^Block 1 \(text\): /u, '')}
        </span>
      ));

  return (
    <details className="panel defaults-panel" data-testid="project-defaults" open>
      <summary>Project defaults</summary>
      <PanelChangeConfirm pending={pending} onClose={() => setPending(null)} />
      <div className="field">
        <label htmlFor="project-default-voice">Voice</label>
        <VoicePicker
          id="project-default-voice"
          value={defaults.voiceId ?? ''}
          voices={voices}
          testId="project-default-voiceId"
          disabled={false}
          onChange={(voiceId, voiceName) =>
            applyDefaults(
              {
                voiceId: voiceId === '' ? null : voiceId,
                voiceName: voiceName ?? findVoice(voices, voiceId)?.name,
              },
              'defaults:voiceId',
            )
          }
        />
        {defaults.voiceId === null ? (
          <span className="hint" data-testid="no-default-voice">
            No voice yet: blocks can be drafted now and a voice chosen before generating.
          </span>
        ) : null}
        {voices.length === 0 && unavailableReason !== null ? (
          <span className="hint">{unavailableReason}</span>
        ) : null}
        {problem('voiceId')}
      </div>
      <div className="field">
        <label htmlFor="project-default-style">Style</label>
        <StylePicker
          id="project-default-style"
          value={defaults.promptId}
          voice={voice}
          testId="project-default-promptId"
          disabled={false}
          onChange={(promptId) => applyDefaults({ promptId }, 'defaults:promptId')}
        />
        {problem('promptId')}
        {styleMisfit === undefined || voice === undefined ? null : (
          <span className="field-error" data-testid="project-default-style-misfit">
            “{defaults.promptId}” is not a style of {voice.name}: lines with this voice would be refused.{' '}
            <button
              type="button"
              data-testid="project-default-style-fix"
              onClick={() => applyDefaults({ promptId: styleMisfit.id })}
            >
              Use {voice.name}’s default style ({styleMisfit.name})
            </button>
          </span>
        )}
      </div>
      <div className="inspector-pair">
        <div className="field">
          <label htmlFor="project-default-preset">Preset</label>
          <ListSelect
            id="project-default-preset"
            value={defaults.preset}
            options={PRESET_OPTIONS}
            testId="project-default-preset"
            disabled={false}
            onCommit={(preset) => applyDefaults({ preset })}
          />
          {problem('preset')}
        </div>
        <div className="field">
          <label htmlFor="project-default-language">Language</label>
          <ListSelect
            id="project-default-language"
            value={defaults.language}
            options={LANGUAGE_OPTIONS}
            testId="project-default-language"
            disabled={false}
            onCommit={(language) => applyDefaults({ language })}
          />
          {problem('language')}
        </div>
      </div>
      <div className="field">
        <label htmlFor="project-default-rate">Speech rate</label>
        <NumberInput
          id="project-default-rate"
          value={defaults.speechRate}
          testId="project-default-speechRate"
          onCommit={(speechRate) => {
            applyDefaults({ speechRate }, 'defaults:speechRate');
            return { ok: true };
          }}
        />
        <span className="hint">
          {RANGES.speechRate.min} to {RANGES.speechRate.max}; 1 is the neutral rate.
        </span>
        {problem('speechRate')}
      </div>
    </details>
  );
}

/** The defaults checked as the text block that would send all of them (a missing voice is reported above). */
function defaultsProblems(defaults: ProjectDefaults): RuleViolation[] {
  const { voiceId, promptId, preset, language, speechRate } = defaults;
  return validateContentBlock(
    { type: 'text', text: 'x', voiceId: voiceId ?? 'unset', promptId, preset, language, speechRate },
    0,
  ).filter((violation) => violation.field !== 'voiceId' || voiceId !== null);
}
