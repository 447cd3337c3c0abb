import type { TextBlockPatch } from '../../../../common/project/block-edits.js';
import type { ProjectViolation } from '../../../../common/project/project-validation.js';
import type { ProjectDefaults, TextBlock } from '../../../../common/project/project-schema.js';
import type { Speaker } from '../../../../common/project/cast-schema.js';
import type { DefaultableTextField } from '../../../../common/project/resolve-params.js';
import type { StyleFix } from '../../../../common/project/voice-fit.js';
import { EMO_SWITCH_LENGTH, LANGUAGES, PRESETS, RANGES } from '../../../../common/rules/vocabulary.js';
import type { VoiceView } from '../../../../common/voices/voice-view.js';
import type { EditResult } from '../../../stores/document-store.js';
import { DefaultableField, FieldRow, ListSelect, NumberInput, TriStateSelect } from './inspector-fields.js';
import { StylePicker, VoicePicker, findVoice } from './VoiceFields.js';

export const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({
  value: language,
  label: language === 'auto' ? 'auto (detect)' : language,
}));
export const PRESET_OPTIONS = PRESETS.map((preset) => ({ value: preset, label: preset }));

/** Emotion weights start in the middle of the range: a neutral point to move from. */
const INITIAL_EMOTION = 5;

export interface BlockPatcher<P> {
  (patch: P, coalesceKey?: string): EditResult;
}

/** The parameters of a text block: each either follows the project default or overrides it for this block. */
export function TextBlockInspector({
  block,
  defaults,
  voices,
  violations,
  patch,
  speaker,
  onStyleFix,
}: {
  block: TextBlock;
  /** What the block inherits: its speaker's parameters over the project defaults (inheritedDefaults). */
  defaults: ProjectDefaults;
  voices: readonly VoiceView[];
  violations: readonly ProjectViolation[];
  patch: BlockPatcher<TextBlockPatch>;
  /** The block's speaker: the values it sets are the block's defaults, and are labelled as the speaker's. */
  speaker: Speaker | undefined;
  /** Gives the voice its own default style where the misfit style was chosen (defaults, cast or block). */
  onStyleFix(fix: StyleFix): void;
}) {
  const disabled = block.locked;
  const inheritLabel = (field: DefaultableTextField): string =>
    speaker !== undefined && speaker[field] !== undefined ? `As ${speaker.name} (cast)` : 'Project default';
  const styleFix = violations.find((violation) => violation.field === 'promptId' && violation.fix)?.fix;
  const voiceId = block.voiceId ?? defaults.voiceId;
  const voice = findVoice(voices, voiceId);
  const defaultVoiceName =
    defaults.voiceId === null
      ? 'No voice chosen yet'
      : (findVoice(voices, defaults.voiceId)?.name ?? defaults.voiceName ?? defaults.voiceId);
  const defaultStyleName =
    findVoice(voices, defaults.voiceId)?.styles.find((style) => style.id === defaults.promptId)?.name ??
    defaults.promptId;
  const key = (field: string): string => `${block.id}:${field}`;

  return (
    <div className="inspector-fields" data-testid="text-block-fields">
      <DefaultableField
        label="Voice"
        field="voiceId"
        defaultLabel={inheritLabel('voiceId')}
        usesDefault={block.voiceId === undefined}
        defaultText={defaultVoiceName}
        onUseDefault={() => patch({ voiceId: undefined })}
        onOverride={() => patch({ voiceId: defaults.voiceId ?? voices[0]?.idForGenerate ?? '' })}
        violations={violations}
        disabled={disabled}
      >
        {(id) => (
          <VoicePicker
            id={id}
            value={block.voiceId ?? ''}
            voices={voices}
            testId="field-voiceId"
            disabled={disabled}
            onChange={(value) => patch({ voiceId: value }, key('voiceId'))}
          />
        )}
      </DefaultableField>
      <DefaultableField
        label="Style"
        field="promptId"
        defaultLabel={inheritLabel('promptId')}
        usesDefault={block.promptId === undefined}
        defaultText={defaultStyleName}
        onUseDefault={() => patch({ promptId: undefined })}
        onOverride={() => patch({ promptId: defaults.promptId })}
        violations={violations}
        disabled={disabled}
        hint={
          styleFix === undefined ? undefined : (
            <button type="button" data-testid="style-fix" onClick={() => onStyleFix(styleFix)}>
              Use {styleFix.voiceName}’s default style ({styleFix.styleName}){' '}
              {styleFix.level === 'defaults'
                ? 'in the project defaults'
                : styleFix.level === 'speaker'
                  ? `for ${speaker?.name ?? 'the speaker'}`
                  : 'on this block'}
            </button>
          )
        }
      >
        {(id) => (
          <StylePicker
            id={id}
            value={block.promptId ?? ''}
            voice={voice}
            testId="field-promptId"
            disabled={disabled}
            onChange={(value) => patch({ promptId: value }, key('promptId'))}
          />
        )}
      </DefaultableField>
      <DefaultableField
        label="Preset"
        field="preset"
        defaultLabel={inheritLabel('preset')}
        usesDefault={block.preset === undefined}
        defaultText={defaults.preset}
        onUseDefault={() => patch({ preset: undefined })}
        onOverride={() => patch({ preset: defaults.preset })}
        violations={violations}
        disabled={disabled}
      >
        {(id) => (
          <ListSelect
            id={id}
            value={block.preset ?? ''}
            options={PRESET_OPTIONS}
            testId="field-preset"
            disabled={disabled}
            onCommit={(value) => patch({ preset: value })}
          />
        )}
      </DefaultableField>
      <DefaultableField
        label="Language"
        field="language"
        defaultLabel={inheritLabel('language')}
        usesDefault={block.language === undefined}
        defaultText={defaults.language}
        onUseDefault={() => patch({ language: undefined })}
        onOverride={() => patch({ language: defaults.language })}
        violations={violations}
        disabled={disabled}
      >
        {(id) => (
          <ListSelect
            id={id}
            value={block.language ?? ''}
            options={LANGUAGE_OPTIONS}
            testId="field-language"
            disabled={disabled}
            onCommit={(value) => patch({ language: value })}
          />
        )}
      </DefaultableField>
      <DefaultableField
        label="Speech rate"
        field="speechRate"
        defaultLabel={inheritLabel('speechRate')}
        usesDefault={block.speechRate === undefined}
        defaultText={String(defaults.speechRate)}
        onUseDefault={() => patch({ speechRate: undefined })}
        onOverride={() => patch({ speechRate: defaults.speechRate })}
        violations={violations}
        disabled={disabled}
        hint={`${RANGES.speechRate.min} to ${RANGES.speechRate.max}; 1 is the neutral rate.`}
      >
        {(id) => (
          <NumberInput
            id={id}
            value={block.speechRate}
            testId="field-speechRate"
            disabled={disabled}
            onCommit={(value) => patch({ speechRate: value }, key('speechRate'))}
          />
        )}
      </DefaultableField>
      <EmotionSliders block={block} violations={violations} disabled={disabled} patch={patch} />
      <div className="inspector-switches">
        {(['vivid', 'flash', 'break_clone'] as const).map((field) => (
          <FieldRow
            key={field}
            label={SWITCHES[field].label}
            field={field}
            violations={violations}
            hint={SWITCHES[field].hint}
            controlId={`${block.id}-${field}`}
          >
            <TriStateSelect
              id={`${block.id}-${field}`}
              value={block[field]}
              testId={`field-${field}`}
              disabled={disabled}
              onCommit={(value) => patch({ [field]: value })}
            />
          </FieldRow>
        ))}
      </div>
      <FieldRow
        label="Seed"
        field="seed"
        violations={violations}
        hint="Empty or -1: a new take each time. A fixed seed repeats the same take."
        controlId={`${block.id}-seed`}
      >
        <NumberInput
          id={`${block.id}-seed`}
          value={block.seed}
          allowEmpty
          integer
          placeholder="random"
          testId="field-seed"
          disabled={disabled}
          onCommit={(value) => patch({ seed: value }, key('seed'))}
        />
      </FieldRow>
    </div>
  );
}

const EMOTION_INDEXES = Array.from({ length: EMO_SWITCH_LENGTH }, (_, index) => index);

/**
 * The three on/off parameters, explained as far as the contract goes: it lists them as booleans and says nothing
 * of what they do, so the help says that honestly instead of guessing.
 */
const SWITCHES = {
  vivid: {
    label: 'Vivid (vivid)',
    hint: 'An on/off setting of the service. Its documentation does not say what it changes; left unset, the service decides.',
  },
  flash: {
    label: 'Flash (flash)',
    hint: 'An on/off setting of the service, undocumented beyond that; left unset, the service decides. Compare takes to hear it.',
  },
  break_clone: {
    label: 'Break clone (break_clone)',
    hint: 'An on/off setting of the service for cloned voices, undocumented beyond that; left unset, the service decides.',
  },
} as const;

/** emo_switch: five weights of 0 to 10, or not sent at all. The contract does not name the five. */
function EmotionSliders({
  block,
  violations,
  disabled,
  patch,
}: {
  block: TextBlock;
  violations: readonly ProjectViolation[];
  disabled: boolean;
  patch: BlockPatcher<TextBlockPatch>;
}) {
  const values = block.emo_switch;
  return (
    <FieldRow
      label="Emotion weights (emo_switch)"
      field="emo_switch"
      violations={violations}
      hint="Five weights from 0 to 10. The service's documentation does not say which emotion each one stands for: try them on a short block and listen."
    >
      <label className="default-toggle">
        <input
          type="checkbox"
          data-testid="field-emo_switch-enabled"
          checked={values !== undefined}
          disabled={disabled}
          onChange={(event) =>
            patch({
              emo_switch: event.target.checked ? EMOTION_INDEXES.map(() => INITIAL_EMOTION) : undefined,
            })
          }
        />
        Send emotion weights
      </label>
      {values === undefined ? null : (
        <div className="emotion-sliders">
          {EMOTION_INDEXES.map((index) => (
            <label key={index} className="emotion-slider">
              <span>Weight {index + 1}</span>
              <input
                type="range"
                min={RANGES.emo_switch.min}
                max={RANGES.emo_switch.max}
                step={1}
                data-testid={`field-emo_switch-${index}`}
                value={values[index] ?? 0}
                disabled={disabled}
                onChange={(event) => {
                  const next = EMOTION_INDEXES.map((position) => values[position] ?? 0);
                  next[index] = Number(event.target.value);
                  patch({ emo_switch: next }, `${block.id}:emo_switch`);
                }}
              />
              <output>{values[index] ?? '–'}</output>
            </label>
          ))}
        </div>
      )}
    </FieldRow>
  );
}
