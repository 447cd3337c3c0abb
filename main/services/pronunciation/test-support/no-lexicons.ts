import { sendContext } from '../../../../common/project/send-context.js';
import type { ServiceLexicons } from '../service-lexicons.js';

/** Services without pronunciation rules: each project's own cast and lexicon only. */
export const noServiceLexicons: ServiceLexicons = {
  rulesFor: () => [],
  contextFor: (project) => sendContext(project, []),
};
