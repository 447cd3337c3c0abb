import type { Speaker } from '../../../common/project/cast-schema.js';
import type { SpeakerPatch } from '../../../common/project/cast-edits.js';
import type { VoiceView } from '../../../common/voices/voice-view.js';
import { ListSelect, NumberInput } from './inspector-fields.js';
import { LANGUAGE_OPTIONS, PRESET_OPTIONS } from './TextBlockInspector.js';
import { findVoice } from './VoiceFields.js';

/**
 * A speaker's style and default parameters (folded away: most speakers only need a voice). Empty means "as the
 * project defaults"; a block can still set its own. A change that would stale generated lines asks first.
 */
export function CastSpeakerParameters({
  speaker,
  voices,
  onPatch,
}: {
  speaker: Speaker;
  voices: readonly VoiceView[];
  onPatch(label: string, patch: SpeakerPatch): void;
}) {
  const set = Object.entries({
    style: speaker.promptId,
    preset: speaker.preset,
    language: speaker.language,
    rate: speaker.speechRate,
  }).filter(([, value]) => value !== undefined && value !== '');
  const voice = findVoice(voices, speaker.voiceId);
  const styles = voice?.styles ?? [];
  return (
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
            <option value="">As the defaults</option>
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
  );
}
