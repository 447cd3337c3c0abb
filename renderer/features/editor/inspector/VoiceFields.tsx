import type { VoiceView } from '../../../../common/voices/voice-view.js';

/** The library voice with this generation id (or resource id, for voices that have no separate one). */
export function findVoice(
  voices: readonly VoiceView[],
  voiceId: string | null | undefined,
): VoiceView | undefined {
  if (voiceId === null || voiceId === undefined) return undefined;
  return voices.find((voice) => voice.idForGenerate === voiceId || voice.id === voiceId);
}

/**
 * A voice: picked from the library when there is one, or typed as an id (offline, or a voice not in the library).
 * The id box always shows what is sent.
 */
export function VoicePicker({
  id,
  value,
  voices,
  onChange,
  testId,
  disabled,
}: {
  id?: string;
  value: string;
  voices: readonly VoiceView[];
  onChange(voiceId: string, voiceName: string | undefined): void;
  testId: string;
  disabled: boolean;
}) {
  const known = findVoice(voices, value);
  const idBox = (
    <input
      id={id}
      type="text"
      data-testid={testId}
      value={value}
      disabled={disabled}
      placeholder="Voice id"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value.trim(), undefined)}
    />
  );
  if (voices.length === 0) return <div className="picker">{idBox}</div>;
  // With a library, each box has its own caption: the list to pick from, and the id that is sent.
  return (
    <div className="picker">
      <label className="caption-field">
        From the library
        <select
          data-testid={`${testId}-library`}
          value={known?.idForGenerate ?? ''}
          disabled={disabled}
          onChange={(event) => {
            const voice = findVoice(voices, event.target.value);
            if (voice !== undefined) onChange(voice.idForGenerate, voice.name);
          }}
        >
          <option value="">{value === '' ? 'Choose a voice…' : 'Not in the library'}</option>
          {voices.map((voice) => (
            <option key={voice.id} value={voice.idForGenerate}>
              {voice.name}
              {voice.state === 'ready' ? '' : ` (${voice.state})`}
            </option>
          ))}
        </select>
      </label>
      <label className="caption-field">
        Voice id (what is sent)
        {idBox}
      </label>
    </div>
  );
}

/** A style (promptId) of the chosen voice, or typed when the voice is not in the library. */
export function StylePicker({
  id,
  value,
  voice,
  onChange,
  testId,
  disabled,
}: {
  id?: string;
  value: string;
  voice: VoiceView | undefined;
  onChange(promptId: string): void;
  testId: string;
  disabled: boolean;
}) {
  const styles = voice?.styles ?? [];
  if (styles.length === 0) {
    return (
      <input
        id={id}
        type="text"
        data-testid={testId}
        value={value}
        disabled={disabled}
        placeholder="default"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value.trim())}
      />
    );
  }
  const known = styles.some((style) => style.id === value);
  return (
    <select
      id={id}
      data-testid={testId}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {known ? null : <option value={value}>{value} (not a style of this voice)</option>}
      {styles.map((style) => (
        <option key={style.id} value={style.id}>
          {style.name}
        </option>
      ))}
    </select>
  );
}
