import type { BlocksSinceSent } from '../../../common/jobs/job-texts.js';
import { blocksSinceSent } from '../../../common/jobs/job-texts.js';
import type { JobView } from '../../../common/jobs/job-view.js';
import { contentHash, findBlock } from '../../../common/project/index.js';
import type { AppStores } from '../../stores/app-stores.js';
import { contextIn } from '../../shared/send-context.js';

/**
 * Whether a task's blocks still read, in the project open in this window, as the task sent them (hashed against
 * the same send context as the editor's own block states); undefined when that project is not open here.
 */
export function blocksSinceSentIn(stores: AppStores, job: JobView): BlocksSinceSent | undefined {
  const project = stores.document.getState().doc?.project;
  if (!project) return undefined;
  const context = contextIn(stores, project);
  return blocksSinceSent(job, {
    projectId: project.id,
    hashOf: (blockId) => {
      const found = findBlock(project, blockId);
      return found === undefined ? undefined : contentHash(found.block, context);
    },
  });
}
