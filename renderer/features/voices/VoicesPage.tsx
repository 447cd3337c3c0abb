import { useMemo, useState } from 'react';
import type { VoiceState } from '../../../common/voices/voice-view.js';
import { EmptyState } from '../../components/EmptyState.js';
import { selectReachable } from '../../stores/generation-store.js';
import { selectActiveService } from '../../stores/settings-store.js';
import { selectVoicesOf } from '../../stores/service-library-store.js';
import { AddVoiceById } from './AddVoiceById.js';
import { CreateVoicePanel } from './CreateVoicePanel.js';
import { useSamplePlayer } from './sample-player.js';
import { VoiceCard } from './VoiceCard.js';
import { useGenerationStore, useSettingsStore, useServiceLibraryStore } from '../../stores/stores-context.js';
import { SearchField } from '../../components/SearchField.js';

type Panel = 'none' | 'create' | 'add';
type StateFilter = 'all' | VoiceState;

/** The voice library of the active service, and the way in to cloning a new voice. */
export function VoicesPage() {
  const service = useSettingsStore(selectActiveService);
  const voices = useServiceLibraryStore(useMemo(() => selectVoicesOf(service?.url), [service?.url]));
  const reachable = useGenerationStore(selectReachable);
  const sampleError = useSamplePlayer((state) => state.error);
  const [panel, setPanel] = useState<Panel>('none');
  const [query, setQuery] = useState('');
  const [stateFilter, setStateFilter] = useState<StateFilter>('all');

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return voices.filter(
      (voice) =>
        (stateFilter === 'all' || voice.state === stateFilter) &&
        (needle === '' ||
          [voice.name, voice.serviceName, voice.description ?? '', voice.idForGenerate, voice.id].some(
            (text) => text.toLowerCase().includes(needle),
          )),
    );
  }, [voices, query, stateFilter]);

  if (!service) {
    return (
      <EmptyState title="Voices" testId="voices-empty">
        <p>
          Your voice library: voices you clone from a recording or a file, and market voices you add by id.
        </p>
        <p>Choose a service in Settings first.</p>
      </EmptyState>
    );
  }
  const offline = reachable[service.url] === false || !service.signedIn;
  return (
    <div className="voices-page">
      <header className="page-header">
        <h1>Voices</h1>
        <button
          type="button"
          className="primary"
          data-testid="new-voice"
          onClick={() => setPanel('create')}
          disabled={!service.signedIn}
        >
          New voice…
        </button>
        <button
          type="button"
          data-testid="add-voice-by-id"
          onClick={() => setPanel('add')}
          disabled={!service.signedIn}
        >
          Add by id…
        </button>
        {offline ? (
          <span className="badge badge-warning" data-testid="voices-read-only">
            {service.signedIn
              ? 'Service unreachable: the library is read-only'
              : 'Sign in (Settings) to clone or add voices'}
          </span>
        ) : null}
      </header>
      {panel === 'create' ? <CreateVoicePanel onClose={() => setPanel('none')} /> : null}
      {panel === 'add' ? <AddVoiceById onDone={() => setPanel('none')} /> : null}
      {sampleError ? (
        <p className="field-error" data-testid="sample-error">
          {sampleError}
        </p>
      ) : null}
      <div className="filter-bar">
        <SearchField
          label="Search voices"
          placeholder="Name, description or id"
          value={query}
          onChange={setQuery}
          testId="voice-search"
        />
        <label className="caption-field">
          Show
          <select
            data-testid="voice-state-filter"
            value={stateFilter}
            onChange={(event) => setStateFilter(event.target.value as StateFilter)}
          >
            <option value="all">All states</option>
            <option value="ready">Ready</option>
            <option value="creating">Creating</option>
            <option value="training">Training</option>
            <option value="failed">Failed</option>
          </select>
        </label>
      </div>
      {voices.length === 0 ? (
        <EmptyState title="No voices yet" testId="voices-empty">
          <p>Clone a voice from a recording or a file, or add a market voice by its id.</p>
          <p>Record at least 3 seconds of clear speech (10 seconds to 3 minutes gives a good quick clone).</p>
        </EmptyState>
      ) : (
        <ul className="voice-list" data-testid="voice-list">
          {shown.map((voice) => (
            <VoiceCard key={voice.id} voice={voice} />
          ))}
        </ul>
      )}
    </div>
  );
}
