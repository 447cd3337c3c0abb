import type { ImportPreview, ImportReading } from '../../../common/import/imported-script.js';
import type { VoiceView } from '../../../common/voices/voice-view.js';
import { formatCountOf } from '../../shared/format.js';

/**
 * How speakers are found (labels, quoted dialogue) and, for each speaker found, the voice it gets; unmapped
 * speakers use the project's default voice and can be given one later in the Cast panel. Until the preview is
 * ready (`speakers` null: the file is still being read or parsed) nothing is said about speakers, since none can
 * have been looked for yet.
 */
export function ImportCastFields({
  reading,
  onReading,
  speakers,
  voices,
  chosen,
  onChoose,
}: {
  reading: ImportReading;
  onReading(reading: ImportReading): void;
  speakers: ImportPreview['speakers'] | null;
  voices: readonly VoiceView[];
  chosen: Record<string, string>;
  onChoose(speaker: string, voiceId: string): void;
}) {
  return (
    <fieldset className="import-cast" data-testid="import-cast">
      <legend>Speakers</legend>
      <div className="check-row">
        <label className="check">
          <input
            type="checkbox"
            data-testid="import-speaker-labels"
            checked={reading.speakerLabels}
            onChange={(event) => onReading({ ...reading, speakerLabels: event.target.checked })}
          />
          Lines starting “NAME:” are that speaker’s
        </label>
        <label className="check">
          <input
            type="checkbox"
            data-testid="import-quoted-dialogue"
            checked={reading.quotedDialogue}
            onChange={(event) => onReading({ ...reading, quotedDialogue: event.target.checked })}
          />
          Quoted dialogue goes to the speaker named nearby (“…,” said Alice)
        </label>
      </div>
      {speakers === null ? null : speakers.length === 0 ? (
        <p className="hint">No speakers found: every line is the narrator’s (the project’s default voice).</p>
      ) : (
        <table className="import-cast-table">
          <thead>
            <tr>
              <th>Speaker</th>
              <th>Lines</th>
              <th>Voice</th>
            </tr>
          </thead>
          <tbody>
            {speakers.map((speaker) => (
              <tr key={speaker.name} data-testid="import-speaker" data-speaker={speaker.name}>
                <td>{speaker.name}</td>
                <td>{formatCountOf(speaker.blocks, 'block', 'blocks')}</td>
                <td>
                  <select
                    data-testid="import-speaker-voice"
                    aria-label={`Voice of ${speaker.name}`}
                    value={chosen[speaker.name] ?? ''}
                    onChange={(event) => onChoose(speaker.name, event.target.value)}
                  >
                    <option value="">Project default voice</option>
                    {voices.map((voice) => (
                      <option key={voice.id} value={voice.idForGenerate}>
                        {voice.name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </fieldset>
  );
}
