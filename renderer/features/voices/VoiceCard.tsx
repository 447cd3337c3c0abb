import { CopyableValue } from '../../components/CopyableValue.js';
import { useState } from 'react';
import type { VoiceView } from '../../../common/voices/voice-view.js';
import { voiceStateLabels } from '../../../common/voices/voice-view.js';
import { RequestId } from '../../components/RequestId.js';
import { useSamplePlayer } from './sample-player.js';
import { useAppStores } from '../../stores/stores-context.js';

export function VoiceCard({ voice }: { voice: VoiceView }) {
  const stores = useAppStores();
  const [renaming, setRenaming] = useState(false);
  const [draftName, setDraftName] = useState(voice.name);
  const playing = useSamplePlayer((state) => state.playing);
  const toggle = useSamplePlayer((state) => state.toggle);
  const fail = (error: unknown): void => stores.notices.getState().showError(error);

  const rename = (): void => {
    setRenaming(false);
    if (draftName.trim() === voice.name) return;
    stores.client.invoke('voices.rename', { id: voice.id, name: draftName }).catch(fail);
  };
  const remove = (): void => {
    if (
      !window.confirm(
        `Remove “${voice.name}” from your library? The voice stays on the service; you can add it again by its id.`,
      )
    )
      return;
    stores.client.invoke('voices.remove', { id: voice.id }).catch(fail);
  };

  return (
    <li
      className={`voice-card voice-${voice.state}`}
      data-testid="voice-card"
      data-voice-id={voice.id}
      data-state={voice.state}
    >
      <div className="voice-avatar" aria-hidden="true">
        {voice.avatarUrl ? (
          <img src={voice.avatarUrl} alt="" />
        ) : (
          <span>{voice.name.slice(0, 1).toUpperCase()}</span>
        )}
      </div>
      <div className="voice-body">
        <div className="voice-title">
          {renaming ? (
            <input
              data-testid="voice-rename-input"
              value={draftName}
              autoFocus
              onChange={(event) => setDraftName(event.target.value)}
              onBlur={rename}
              onKeyDown={(event) => {
                if (event.key === 'Enter') rename();
                if (event.key === 'Escape') setRenaming(false);
              }}
              aria-label="Voice name"
            />
          ) : (
            <strong data-testid="voice-name-label">{voice.name}</strong>
          )}
          <span className="job-status" data-testid="voice-state" title={`Service status: ${voice.status}`}>
            {voiceStateLabels[voice.state]}
          </span>
          {voice.professional ? <span className="badge">Professional</span> : null}
          {voice.version ? <span className="badge">{voice.version}</span> : null}
          <span className="badge">
            {voice.from === 'market' ? 'Market' : voice.origin === 'created' ? 'Your clone' : 'Added by id'}
          </span>
        </div>
        {voice.description ? <p className="hint">{voice.description}</p> : null}
        {voice.failureReason ? (
          <p className="job-error" data-testid="voice-failure">
            {voice.failureReason} {voice.requestId ? <RequestId requestId={voice.requestId} /> : null}
          </p>
        ) : null}
        {voice.styles.length > 0 ? (
          <ul className="style-list" aria-label="Styles">
            {voice.styles.map((style) => (
              <li key={style.id} data-testid="voice-style">
                <span>{style.name || style.id}</span>
                {style.sampleUrl ? (
                  <button
                    type="button"
                    className="link-button"
                    data-testid="play-sample"
                    aria-pressed={playing === style.sampleUrl}
                    onClick={() => toggle(style.sampleUrl ?? '')}
                  >
                    {playing === style.sampleUrl ? '■ Stop' : '▶ Play sample'}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="voice-ids">
          <CopyableValue
            label="Voice id"
            value={voice.id}
            testId="voice-id"
            title="The voice's own id: the service looks it up by this one (Add by id takes it)."
          />
          <CopyableValue
            label="Generation id"
            value={voice.idForGenerate}
            testId="voice-generation-id"
            title="The id a script's blocks carry to speak with this voice."
          />
        </div>
      </div>
      <div className="row-actions">
        <button type="button" data-testid="voice-rename" onClick={() => setRenaming(true)}>
          Rename
        </button>
        <button type="button" data-testid="voice-remove" onClick={remove}>
          Remove
        </button>
      </div>
    </li>
  );
}
