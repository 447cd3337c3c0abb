import type { OriginalAudio } from '../../../../common/project/timing-schema.js';
import { describeOriginalAudio } from './original-audio.js';

const VOLUME_DB = { min: -60, max: 12 } as const;
const DUCK_DB = { min: -60, max: 0 } as const;

/** A typed level kept inside its rule (the schema's), in tenths of a dB. */
function clampDb(value: number, range: { min: number; max: number }): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.round(Math.min(range.max, Math.max(range.min, value)) * 10) / 10;
}

/**
 * The video's own sound, for voiceover over the original: its volume, mute, and how far it is lowered while
 * speech plays. Each change is an undoable edit (a run of typing in one field is one step).
 */
export function OriginalAudioControls({
  audio,
  onChange,
}: {
  /** Undefined: the video has no sound of its own. */
  audio: OriginalAudio | undefined;
  onChange(change: Partial<OriginalAudio>, coalesceKey?: string): void;
}) {
  if (audio === undefined) {
    return (
      <p className="hint" data-testid="original-audio-none">
        This video has no sound of its own.
      </p>
    );
  }
  const number = (field: 'volumeDb' | 'duckDb', range: { min: number; max: number }) => ({
    type: 'number',
    step: 0.5,
    min: range.min,
    max: range.max,
    value: audio[field],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = clampDb(event.currentTarget.valueAsNumber, range);
      if (value !== null) onChange({ [field]: value }, `original-audio-${field}`);
    },
  });
  return (
    <fieldset className="original-audio" data-testid="original-audio">
      <legend>Original audio</legend>
      <label className="original-audio-mute">
        <input
          type="checkbox"
          data-testid="original-audio-mute"
          checked={audio.muted}
          onChange={(event) => onChange({ muted: event.currentTarget.checked })}
        />
        Mute
      </label>
      <label title="−60 to +12 dB. The preview plays a boost above 0 dB at 0 dB; the export applies it.">
        Volume (dB)
        <input
          data-testid="original-audio-volume"
          disabled={audio.muted}
          {...number('volumeDb', VOLUME_DB)}
        />
      </label>
      <label title="How far the original sound is lowered while a speech line plays (0: not at all)">
        Under speech (dB)
        <input data-testid="original-audio-duck" disabled={audio.muted} {...number('duckDb', DUCK_DB)} />
      </label>
      <span className="hint" data-testid="original-audio-summary">
        {describeOriginalAudio(audio)}
      </span>
    </fieldset>
  );
}
