import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { LexiconStore } from '../services/pronunciation/service-lexicons.js';

type LexiconHandlers = Pick<MethodHandlers, 'lexicon.get' | 'lexicon.set'>;

/** Each service's pronunciation lexicon over IPC (the rules are checked by the contract's schema). */
export function createLexiconFeature(lexicons: LexiconStore): LexiconHandlers {
  return {
    'lexicon.get': ({ serviceUrl }) => [...lexicons.rulesFor(serviceUrl)],
    'lexicon.set': async ({ serviceUrl, rules }) => [...(await lexicons.set(serviceUrl, rules))],
  };
}
