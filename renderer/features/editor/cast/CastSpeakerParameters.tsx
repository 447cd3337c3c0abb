import type { Speaker } from '../../../../common/project/cast-schema.js';
import type { ProjectDefaults } from '../../../../common/project/project-schema.js';
import { defaultStyleOf, voiceHasStyle } from '../../../../common/project/voice-fit.js';
import type { SpeakerPatch } from '../../../../common/project/cast-edits.js';
import type { VoiceView } from '../../../../common/voices/voice-view.js';
import { ListSelect, NumberInput } from '../inspector/inspector-fields.js';
import { LANGUAGE_OPTIONS, PRESET_OPTIONS } from '../inspector/TextBlockInspector.js';
import { findVoice } from '../inspector/VoiceFields.js';

/**
 * A speaker's style and default parameters (folded away: most speakers only need a voice). Empty means "as the
 * project defaults"; a block can still set its own. A change that would stale generated lines asks first.
 */
export function CastSpeakerParameters({
  speaker,
  defaults,
  voices,
  onPatch,
}: {
  speaker: Speaker;
  /** The project defaults "As the defaults" stands for. */
  defaults: ProjectDefaults;
  voices: readonly VoiceView[];
  onPatch(label: string, patch: SpeakerPatch): void;
}) {
  const set = Object.entries({
    style: speaker.promptId,
    preset: speaker.preset,
    language: speaker.language,
    rate: speaker.speechRate,
  }).filter(([, value]) => value !== undefined && value !== '');
  // The styles offered are those of the voice the speaker's lines use: its own, else the defaults'.
  const voice = findVoice(voices, speaker.voiceId ?? defaults.voiceId);
  const styles = voice?.styles ?? [];
  const defaultsStyle = voice?.styles.find((style) => style.id === defaults.promptId);
  // "As the defaults" with a style this speaker's voice lacks: the service would refuse every line of theirs.
  const defaultsMisfit =
    voice !== undefined && !speaker.promptId && !voiceHasStyle(voice, defaults.promptId)
      ? defaultStyleOf(voice)
      : undefined;
  return (
    <>
      {defaultsMisfit === undefined || voice === undefined ? null : (
        <span className="field-error" data-testid="cast-speaker-style-misfit">
          The defaults’ style “{defaults.promptId}” is not a style of {voice.name}: {speaker.name}’s lines
          would be refused.{' '}
          <button
            type="button"
            data-testid="cast-speaker-style-fix"
            onClick={() =>
              onPatch(`Use ${voice.name}’s default style for ${speaker.name}`, {
                promptId: defaultsMisfit.id,
              })
            }
          >
            Use {voice.name}’s default style ({defaultsMisfit.name})
          </button>
        </span>
      )}
      <details className="cast-parameters" data-testid="cast-speaker-parameters">
        <summary>
          Style and parameters
          {set.length > 0 ? <span className="hint"> · {set.map(([name]) => name).join(', ')}</span> : null}
        </summary>
        <div className="field">
          <label htmlFor={`cast-style-${speaker.id}`}>Style</label>
          {styles.length === 0 && !speaker.promptId ? (
            <span className="hint">
              {voice ? 'This voice has no styles.' : 'Choose a voice of the library for its styles.'}
            </span>
          ) : (
            <select
              id={`cast-style-${speaker.id}`}
              data-testid="cast-speaker-style"
              value={speaker.promptId ?? ''}
              onChange={(event) =>
                onPatch(`Change ${speaker.name}’s style`, {
                  promptId: event.target.value === '' ? undefined : event.target.value,
                })
              }
            >
              <option value="">
                As the defaults ({defaultsStyle?.name ?? defaults.promptId}
                {voice !== undefined && defaultsStyle === undefined ? ', not a style of this voice' : ''})
              </option>
              {speaker.promptId && !styles.some((style) => style.id === speaker.promptId) ? (
                <option value={speaker.promptId}>{speaker.promptId} (not a style of this voice)</option>
              ) : null}
              {styles.map((style) => (
                <option key={style.id} value={style.id}>
                  {style.name}
                </option>
              ))}
            </select>
          )}
        </div>
        <div className="inspector-pair">
          <div className="field">
            <label htmlFor={`cast-preset-${speaker.id}`}>Preset</label>
            <ListSelect
              id={`cast-preset-${speaker.id}`}
              value={speaker.preset ?? ''}
              options={[{ value: '', label: 'As the defaults' }, ...PRESET_OPTIONS]}
              testId="cast-speaker-preset"
              disabled={false}
              onCommit={(preset) =>
                onPatch(`Change ${speaker.name}’s preset`, { preset: preset === '' ? undefined : preset })
              }
            />
          </div>
          <div className="field">
            <label htmlFor={`cast-language-${speaker.id}`}>Language</label>
            <ListSelect
              id={`cast-language-${speaker.id}`}
              value={speaker.language ?? ''}
              options={[{ value: '', label: 'As the defaults' }, ...LANGUAGE_OPTIONS]}
              testId="cast-speaker-language"
              disabled={false}
              onCommit={(language) =>
                onPatch(`Change ${speaker.name}’s language`, {
                  language: language === '' ? undefined : language,
                })
              }
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={`cast-rate-${speaker.id}`}>Speech rate</label>
          <NumberInput
            id={`cast-rate-${speaker.id}`}
            value={speaker.speechRate}
            allowEmpty
            placeholder="As the defaults"
            testId="cast-speaker-rate"
            onCommit={(speechRate) => {
              onPatch(`Change ${speaker.name}’s speech rate`, { speechRate });
              return { ok: true };
            }}
          />
        </div>
      </details>
    </>
  );
}
