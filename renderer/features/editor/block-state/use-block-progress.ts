import { useCallback, useMemo } from 'react';
import type { BlockProgress } from '../../../../common/generation/block-progress.js';
import { blockProgress } from '../../../../common/generation/block-progress.js';
import type { Block } from '../../../../common/project/index.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import { blockState, contentHash } from '../../../../common/project/index.js';
import { selectGenerationRun, selectPendingHashes } from '../../../stores/generation-store.js';
import { selectJobs } from '../../../stores/jobs-store.js';
import { useGenerationStore, useJobsStore } from '../../../stores/stores-context.js';

/**
 * Where each block is on its way to audio, for the views that show it (script rows, timeline blocks). The
 * function changes when a job or the run changes, so the views re-render their visible blocks only then.
 */
export function useBlockProgress(): (block: Block, context: SendContext) => BlockProgress {
  const pending = useGenerationStore(selectPendingHashes);
  const jobs = useJobsStore(selectJobs);
  const run = useGenerationStore(selectGenerationRun);
  const inRun = useMemo(() => new Set(run?.blockIds ?? []), [run]);
  return useCallback(
    (block, context) => {
      const jobId = pending[contentHash(block, context)];
      return blockProgress({
        state: blockState(block, context),
        job: jobId === undefined ? undefined : jobs[jobId],
        inRun: inRun.has(block.id),
        failure: block.generation.kind === 'failed' ? block.generation.error : undefined,
      });
    },
    [pending, jobs, inRun],
  );
}
