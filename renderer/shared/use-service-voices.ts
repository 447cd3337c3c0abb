import type { VoiceCatalog } from '../../common/project/voice-fit.js';
import { voiceCatalog } from '../../common/project/voice-fit.js';
import type { VoiceView } from '../../common/voices/voice-view.js';
import { selectActiveService } from '../stores/settings-store.js';
import { selectVoicesOf } from '../stores/service-library-store.js';
import { useSettingsStore, useServiceLibraryStore } from '../stores/stores-context.js';

export interface ServiceVoices {
  /** The voice library of the project's service, when it is known here (empty offline or signed out). */
  voices: VoiceView[];
  /** The same voices by id, to check blocks' styles against (memoised by the list). */
  catalog: VoiceCatalog;
  /** Whether the project's service is the active one and signed in: only then can anything be generated. */
  canReachService: boolean;
  /** For people: why the library or generation is unavailable, or null when they are available. */
  unavailableReason: string | null;
}

/** The voices a project can use: those of its own service (projects are tied to the service they were made for). */
export function useServiceVoices(projectServiceUrl: string | undefined): ServiceVoices {
  const active = useSettingsStore(selectActiveService);
  const serviceUrl = projectServiceUrl ?? active?.url;
  const voices = useServiceLibraryStore(selectVoicesOf(serviceUrl));
  const catalog = voiceCatalog(voices);
  if (active === null) {
    return {
      voices,
      catalog,
      canReachService: false,
      unavailableReason:
        'No service is set up: voices and generation need one (Settings → Service). Drafting works offline.',
    };
  }
  if (projectServiceUrl !== undefined && projectServiceUrl !== active.url) {
    return {
      voices,
      catalog,
      canReachService: false,
      unavailableReason: `This project belongs to ${projectServiceUrl}, which is not the active service: make it active in Settings to use its voices.`,
    };
  }
  if (!active.signedIn) {
    return {
      voices,
      catalog,
      canReachService: false,
      unavailableReason: `Not signed in to ${active.url}: sign in (Settings → Service) to generate. Drafting works offline.`,
    };
  }
  return { voices, catalog, canReachService: true, unavailableReason: null };
}
