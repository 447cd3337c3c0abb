import type { ExportForm } from './export-form.js';
import { roomToneClipOffered } from './room-tone-clip-field.js';

/**
 * The room tone under pauses, heads and tails: the generated bed (the box left empty), or a recording of the room
 * the user names, looped with crossfades. Main reads and checks it when the export runs (at least 0.5 s, never
 * digital silence, RMS under the noise floor) and names the file if it cannot be used.
 */
export function ExportRoomToneField({
  form,
  disabled,
  onChange,
}: {
  form: ExportForm;
  disabled: boolean;
  onChange(key: 'roomToneClip', value: string | undefined): void;
}) {
  if (!roomToneClipOffered(form)) return null;
  return (
    <label className="field">
      <span>Room-tone clip</span>
      <input
        type="text"
        data-testid="export-room-tone-clip"
        value={form.roomToneClip ?? ''}
        disabled={disabled}
        placeholder={form.profile ? 'Generated room tone (−70 dB)' : 'None'}
        spellCheck={false}
        onChange={(event) =>
          onChange('roomToneClip', event.target.value === '' ? undefined : event.target.value)
        }
      />
      <span className="hint">
        {form.profile
          ? 'Optional: the full path of a recording of your room (WAV, MP3 or FLAC, at least 0.5 s, RMS at most −60 dB), looped instead of the generated room tone.'
          : 'Optional: the full path of a recording of your room (WAV, MP3 or FLAC, at least 0.5 s, RMS at most −60 dB), looped under pauses so they are never digital silence.'}
      </span>
    </label>
  );
}
