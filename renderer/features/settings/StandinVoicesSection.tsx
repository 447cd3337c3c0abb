import { CopyableValue } from '../../components/CopyableValue.js';
import { useAppInfo } from '../../app/use-app-info.js';
import { selectActiveService } from '../../stores/settings-store.js';
import { selectVoicesOf } from '../../stores/service-library-store.js';
import { useSettingsStore, useServiceLibraryStore } from '../../stores/stores-context.js';

/**
 * Settings → the development stand-in's market voices, while it is the active service: their voice ids, so one
 * removed from the library can be added back by id (Voices → Add by id).
 */
export function StandinVoicesSection() {
  const info = useAppInfo();
  const active = useSettingsStore(selectActiveService);
  const library = useServiceLibraryStore(selectVoicesOf(active?.url));
  const standin = info?.devStandin;
  if (standin === undefined || standin.voiceIds.length === 0 || active?.url !== standin.url) return null;
  return (
    <section className="card" data-testid="standin-voices-section">
      <h2>Stand-in market voices</h2>
      <p className="hint">
        The development stand-in offers these voices (named here while they are in your library). Removed one?
        Add it back on the Voices page with Add by id, using its voice id.
      </p>
      <ul className="plain-list">
        {standin.voiceIds.map((id) => {
          const known = library.find((voice) => voice.id === id);
          return (
            <li key={id} data-testid="standin-voice">
              {known ? <strong>{known.name}</strong> : null}{' '}
              <CopyableValue label="Voice id" value={id} testId="standin-voice-id" />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
