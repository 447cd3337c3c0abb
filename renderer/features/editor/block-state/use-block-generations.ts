import { useCallback } from 'react';
import type { Block } from '../../../../common/project/index.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import type { BlockGeneration } from '../../../stores/generation-store.js';
import { blockGenerationOf } from '../../../stores/generation-store.js';
import {
  selectGenerationRun,
  selectJobs,
  selectPendingHashes,
  selectSegmentAudio,
} from '../../../stores/generation-store.js';
import { useGenerationStore } from '../../../stores/stores-context.js';

/**
 * selectBlockGeneration for the views that list blocks (script rows, timeline blocks): one function answering
 * for any block. It changes when what the answers depend on changes (a job, what is on its way, the run, where
 * takes play), so the views re-render their visible blocks only then; an upload's progress wakes none of them.
 */
export function useBlockGenerations(): (block: Block, context: SendContext) => BlockGeneration {
  const pending = useGenerationStore(selectPendingHashes);
  const jobs = useGenerationStore(selectJobs);
  const run = useGenerationStore(selectGenerationRun);
  const audio = useGenerationStore(selectSegmentAudio);
  return useCallback(
    (block, context) => blockGenerationOf({ pending, jobs, run, audio }, block, context),
    [pending, jobs, run, audio],
  );
}
