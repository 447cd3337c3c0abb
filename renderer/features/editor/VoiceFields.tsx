import type { VoiceView } from '../../../common/voices/voice-view.js';

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
  return (
    <div className="picker">
      {voices.length > 0 ? (
        <select
          data-testid={`${testId}-library`}
          value={known?.idForGenerate ?? ''}
          disabled={disabled}
          aria-label="Voice from the library"
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
      ) : null}
      <input
        id={id}
        type="text"
        data-testid={testId}
        value={value}
        disabled={disabled}
        placeholder="Voice id"
        aria-label="Voice id"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value.trim(), undefined)}
      />
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
