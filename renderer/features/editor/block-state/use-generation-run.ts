import { useEffect } from 'react';
import { useSendContext } from '../../../shared/send-context.js';
import { allBlocks, contentHash } from '../../../../common/project/index.js';
import {
  selectEndRun,
  selectGenerationRun,
  selectJoinRun,
  selectPendingHashes,
} from '../../../stores/generation-store.js';
import { useGenerationStore } from '../../../stores/stores-context.js';
import { useFollowedProject } from '../use-followed-project.js';

/** How long "Ready" stays on the blocks of a finished run before they read as plainly generated again. */
const RUN_LINGER_MS = 6_000;

/**
 * Follows the generation under way in the open project as one run: every block whose content goes on its way
 * joins it, and the run ends a few seconds after nothing is on its way any more. The progress bar and the
 * per-block progress read it.
 */
export function useGenerationRun(): void {
  const joinRun = useGenerationStore(selectJoinRun);
  const endRun = useGenerationStore(selectEndRun);
  const project = useFollowedProject();
  const pending = useGenerationStore(selectPendingHashes);
  // Followed too: a run Generate started whose tasks were all refused at once has nothing on its way, ever.
  const run = useGenerationStore(selectGenerationRun);
  const context = useSendContext(project);
  useEffect(() => {
    if (project === null || context === null) return;
    // Nothing on its way (most of the time): no need to hash every block to find out which ones are.
    const onTheirWay =
      Object.keys(pending).length === 0
        ? []
        : allBlocks(project)
            .filter((block) => pending[contentHash(block, context)] !== undefined)
            .map((block) => block.id);
    if (onTheirWay.length > 0) {
      joinRun(onTheirWay, Date.now());
      return;
    }
    if (run === null) return;
    const timer = setTimeout(endRun, RUN_LINGER_MS);
    return () => clearTimeout(timer);
  }, [project, context, pending, run, joinRun, endRun]);
  useEffect(() => endRun, [endRun]);
}
