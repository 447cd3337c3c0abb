import type { Project } from '../../common/project/project-schema.js';
import { sendContext } from '../../common/project/send-context.js';
import type { SendContext } from '../../common/project/send-context.js';
import type { VoiceCatalog } from '../../common/project/voice-fit.js';
import { voiceCatalog } from '../../common/project/voice-fit.js';
import type { AppStores } from '../stores/app-stores.js';
import { selectVoicesOf, serviceRulesOf } from '../stores/service-library-store.js';
import { selectActiveService } from '../stores/settings-store.js';
import { useServiceLibraryStore } from '../stores/stores-context.js';

/**
 * The open project's send context (its cast and lexicon, and its service's lexicon): what every block state,
 * hash and "as sent" text in the editor is computed against. Memoised by its parts, so it is a stable value.
 */
export function useSendContext(project: Project): SendContext;
export function useSendContext(project: Project | null): SendContext | null;
export function useSendContext(project: Project | null): SendContext | null {
  const serviceRules = useServiceLibraryStore((state) => serviceRulesOf(state, project?.serviceUrl));
  return project === null ? null : sendContext(project, serviceRules);
}

/** The send context of a project in this window (for handlers and store actions, outside render). */
export function contextIn(stores: Pick<AppStores, 'serviceLibrary'>, project: Project): SendContext {
  return sendContext(project, serviceRulesOf(stores.serviceLibrary.getState(), project.serviceUrl));
}

/**
 * The voices a project's blocks are checked against (their styles and state): its service's library as this
 * window knows it (for handlers, outside render; components use useServiceVoices). Empty when it is not known.
 */
export function voicesIn(stores: AppStores, project: Project): VoiceCatalog {
  const serviceUrl = project.serviceUrl ?? selectActiveService(stores.settings.getState())?.url;
  return voiceCatalog(selectVoicesOf(serviceUrl)(stores.serviceLibrary.getState()));
}
