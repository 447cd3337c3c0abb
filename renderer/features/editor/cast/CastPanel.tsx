import { useMemo, useState } from 'react';
import { addSpeaker, removeSpeaker, updateSpeaker } from '../../../../common/project/cast-edits.js';
import type { SpeakerPatch } from '../../../../common/project/cast-edits.js';
import { NARRATOR_ID } from '../../../../common/project/cast-schema.js';
import type { Speaker } from '../../../../common/project/cast-schema.js';
import type { Project } from '../../../../common/project/project-schema.js';
import { speakerIdOf } from '../../../../common/project/send-context.js';
import type { DocumentState } from '../../../stores/document-store.js';
import { selectSpeakerFilter } from '../../../stores/editor-ui-store.js';
import { useAppStores, useDocumentStore, useEditorUiStore } from '../../../stores/stores-context.js';
import { applyOrConfirm, proposeChange } from '../inspector/change-impact.js';
import { PanelChangeConfirm } from '../block-state/StaleConfirm.js';
import type { PendingChange } from '../block-state/StaleConfirm.js';
import { useServiceVoices } from '../../../shared/use-service-voices.js';
import { useFollowedProject } from '../use-followed-project.js';
import { CastSpeakerParameters } from './CastSpeakerParameters.js';
import { findVoice } from '../inspector/VoiceFields.js';
import type { VoiceView } from '../../../../common/voices/voice-view.js';
import { editDocument } from '../../../stores/document-actions.js';

const selectCast = (state: DocumentState): readonly Speaker[] | null => state.doc?.project.cast ?? null;
const selectDefaults = (state: DocumentState) => state.doc?.project.defaults ?? null;
const selectServiceUrl = (state: DocumentState): string | undefined => state.doc?.project.serviceUrl;

/** Lines per speaker id. */
function countLines(project: Project | null): ReadonlyMap<string, number> {
  const lines = new Map<string, number>();
  const blocks = project?.tracks.speech.blocks ?? [];
  // An indexed loop: this follows every edit of an audiobook, and an unoptimised for…of allocates at each step.
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    if (block.type !== 'text') continue;
    const id = speakerIdOf(block);
    lines.set(id, (lines.get(id) ?? 0) + 1);
  }
  return lines;
}

/**
 * The project's cast: who speaks, in which colour and voice. A character's voice fills the voice of its lines
 * (a line can still override it); the narrator speaks with the project defaults. A change that would make
 * generated lines stale says how many, and their credits, before it is made. The eye shows one speaker's lines.
 */
export function CastPanel() {
  const stores = useAppStores();
  const cast = useDocumentStore(selectCast);
  const defaults = useDocumentStore(selectDefaults);
  // Line counts walk every block: they follow the project at idle moments, not every keystroke.
  const followed = useFollowedProject();
  const lines = useMemo(() => countLines(followed), [followed]);
  const serviceUrl = useDocumentStore(selectServiceUrl);
  const filter = useEditorUiStore(selectSpeakerFilter);
  const { voices } = useServiceVoices(serviceUrl);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [newName, setNewName] = useState('');
  // Bumped when a proposed change is cancelled, so typed fields show the cast as it is again.
  const [cancels, setCancels] = useState(0);
  if (cast === null || defaults === null) return null;

  const change = (label: string, edit: (project: Project) => Project): void =>
    applyOrConfirm(proposeChange(stores, label, { kind: 'project', edit }), setPending);
  const patchSpeaker = (speaker: Speaker, label: string, patch: SpeakerPatch): void =>
    change(label, (project) => updateSpeaker(project, speaker.id, patch));
  const add = (): void => {
    const name = newName.trim();
    if (name === '') return;
    if (
      editDocument(stores, (project) => addSpeaker(project, { name }).project, {
        label: `Add speaker ${name}`,
      })
    ) {
      setNewName('');
    }
  };

  return (
    <details className="panel cast-panel" data-testid="cast-panel" open>
      <summary>Cast ({cast.length})</summary>
      <PanelChangeConfirm
        pending={pending}
        onClose={() => setPending(null)}
        onCancelled={() => setCancels((count) => count + 1)}
      />
      <ul className="cast-list">
        {cast.map((speaker) => (
          <li
            key={speaker.id}
            className="cast-speaker"
            data-testid="cast-speaker"
            data-speaker-id={speaker.id}
            style={{ borderLeftColor: speaker.colour }}
          >
            <div className="cast-speaker-head">
              <label className="caption-field">
                Colour
                <input
                  type="color"
                  value={speaker.colour}
                  data-testid="cast-speaker-colour"
                  onChange={(event) => patchSpeaker(speaker, 'Change colour', { colour: event.target.value })}
                />
              </label>
              <label className="caption-field cast-speaker-name-field">
                Speaker name
                <input
                  className="cast-speaker-name"
                  defaultValue={speaker.name}
                  key={`${speaker.name}:${cancels}`}
                  data-testid="cast-speaker-name"
                  onBlur={(event) => {
                    if (event.target.value.trim() !== speaker.name)
                      patchSpeaker(speaker, 'Rename speaker', { name: event.target.value });
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') event.currentTarget.blur();
                  }}
                />
              </label>
              <span className="cast-speaker-actions">
                <span className="hint" data-testid="cast-speaker-lines">
                  {lines.get(speaker.id) ?? 0} line{lines.get(speaker.id) === 1 ? '' : 's'}
                </span>
                <button
                  type="button"
                  className={filter === speaker.id ? 'is-active' : ''}
                  aria-pressed={filter === speaker.id}
                  title={filter === speaker.id ? 'Show every line' : `Show only ${speaker.name}’s lines`}
                  data-testid="cast-speaker-filter"
                  onClick={() =>
                    stores.editorUi.getState().setSpeakerFilter(filter === speaker.id ? null : speaker.id)
                  }
                >
                  {filter === speaker.id ? 'All lines' : 'Only these'}
                </button>
                {speaker.id === NARRATOR_ID ? null : (
                  <button
                    type="button"
                    title={`Remove ${speaker.name}: their lines go to the narrator`}
                    aria-label={`Remove ${speaker.name}`}
                    data-testid="cast-speaker-remove"
                    onClick={() =>
                      change(`Remove ${speaker.name}`, (project) => removeSpeaker(project, speaker.id))
                    }
                  >
                    ✕
                  </button>
                )}
              </span>
            </div>
            {speaker.id === NARRATOR_ID && speaker.voiceId === undefined ? (
              <span className="hint">Speaks with the project defaults’ voice.</span>
            ) : (
              <CastVoiceField
                key={cancels}
                speaker={speaker}
                voices={voices}
                onChange={(voiceId, voiceName) =>
                  patchSpeaker(speaker, `Give ${speaker.name} another voice`, {
                    voiceId: voiceId === '' ? undefined : voiceId,
                    voiceName: voiceName ?? findVoice(voices, voiceId)?.name,
                  })
                }
              />
            )}
            <CastSpeakerParameters
              key={`parameters-${cancels}`}
              speaker={speaker}
              defaults={defaults}
              voices={voices}
              onPatch={(label, patch) => patchSpeaker(speaker, label, patch)}
            />
          </li>
        ))}
      </ul>
      <form
        className="cast-add"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label className="caption-field">
          New speaker’s name
          <input
            value={newName}
            placeholder="e.g. Narrator"
            data-testid="cast-new-name"
            onChange={(event) => setNewName(event.target.value)}
          />
        </label>
        <button type="submit" data-testid="cast-add" disabled={newName.trim() === ''}>
          Add speaker
        </button>
      </form>
    </details>
  );
}

/**
 * A speaker's voice: from the library, or typed as an id and committed when the box is left (a change may ask for
 * confirmation, so it is proposed once, not at every keystroke).
 */
function CastVoiceField({
  speaker,
  voices,
  onChange,
}: {
  speaker: Speaker;
  voices: readonly VoiceView[];
  onChange(voiceId: string, voiceName: string | undefined): void;
}) {
  const value = speaker.voiceId ?? '';
  const known = findVoice(voices, value);
  return (
    <div className="picker">
      {voices.length > 0 ? (
        <label className="caption-field">
          {speaker.name}’s voice from the library
          <select
            data-testid="cast-speaker-voice-library"
            value={known?.idForGenerate ?? ''}
            onChange={(event) => {
              const voice = findVoice(voices, event.target.value);
              onChange(voice?.idForGenerate ?? '', voice?.name);
            }}
          >
            <option value="">{value === '' ? 'Project default voice' : 'Not in the library'}</option>
            {voices.map((voice) => (
              <option key={voice.id} value={voice.idForGenerate}>
                {voice.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="caption-field">
        {speaker.name}’s voice id (empty: the project default)
        <input
          type="text"
          key={value}
          defaultValue={value}
          placeholder="Project default"
          spellCheck={false}
          data-testid="cast-speaker-voice"
          onBlur={(event) => {
            const typed = event.target.value.trim();
            if (typed !== value) onChange(typed, undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
      </label>
    </div>
  );
}
