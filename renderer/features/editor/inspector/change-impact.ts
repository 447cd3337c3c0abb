import type { LexiconRule } from '../../../../common/pronunciation/lexicon-schema.js';
import type { Project } from '../../../../common/project/project-schema.js';
import { sendContext } from '../../../../common/project/send-context.js';
import { staleImpact } from '../../../../common/project/stale-impact.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { serviceRulesOf } from '../../../stores/service-library-store.js';
import type { PendingChange } from '../block-state/StaleConfirm.js';
import { contextIn } from '../../../shared/send-context.js';
import { editDocument } from '../../../stores/document-actions.js';

/**
 * A change to the open project (its defaults, cast, lexicon or blocks) or to its service's lexicon, with what it
 * would make stale.
 * Returns null when there is no project or the edit is refused (the refusal is shown as a notice).
 */
export function proposeChange(
  stores: AppStores,
  label: string,
  change:
    | { kind: 'project'; edit(project: Project): Project; coalesceKey?: string | undefined }
    | {
        kind: 'service-lexicon';
        serviceUrl: string;
        /** From the service's rules to the new ones: run again on the rules current when the change is applied. */
        edit(rules: readonly LexiconRule[]): readonly LexiconRule[];
      },
): PendingChange | null {
  const before = stores.document.getState().doc?.project;
  if (before === undefined) return null;
  const beforeContext = contextIn(stores, before);
  if (change.kind === 'service-lexicon') {
    const currentRules = () => serviceRulesOf(stores.serviceLibrary.getState(), change.serviceUrl);
    const impact = staleImpact(
      before,
      beforeContext,
      before,
      sendContext(before, change.edit(currentRules())),
    );
    return {
      label,
      impact,
      apply: () => {
        // Edits made while the question was open are kept: the change is made again on today's rules.
        stores.serviceLibrary
          .getState()
          .saveLexicon(change.serviceUrl, change.edit(currentRules()))
          .catch((error: unknown) => stores.notices.getState().showError(error));
      },
    };
  }
  let after: Project;
  try {
    after = change.edit(before);
  } catch (error) {
    stores.notices.getState().showError(error);
    return null;
  }
  const impact = staleImpact(before, beforeContext, after, contextIn(stores, after));
  return {
    label,
    impact,
    apply: () => {
      editDocument(stores, change.edit, {
        label,
        ...(change.coalesceKey === undefined ? {} : { coalesceKey: change.coalesceKey }),
      });
    },
  };
}

/** Makes a change that stales nothing at once; otherwise hands it over to be confirmed. */
export function applyOrConfirm(
  pending: PendingChange | null,
  confirm: (pending: PendingChange) => void,
): void {
  if (pending === null) return;
  if (pending.impact.blocks === 0) pending.apply();
  else confirm(pending);
}
