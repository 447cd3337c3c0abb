import { allBlocks, findBlock, needsGeneration, setServiceUrl } from '../../../common/project/index.js';
import type { Project } from '../../../common/project/project-schema.js';
import type { ProjectViolation } from '../../../common/project/project-validation.js';
import { validateProject } from '../../../common/project/project-validation.js';
import type { SendContext } from '../../../common/project/send-context.js';
import { contextIn } from '../editor/send-context.js';
import { summarizeProblems } from './generation-problems.js';
import { generationStartedNotice } from './generation-started-notice.js';
import type { AppStores } from '../../stores/app-stores.js';

/**
 * Sends what the user asked to generate: the blocks lacking current audio, or (newTake) another take of the
 * given blocks. An offline draft joins the active service the first time it is generated (undoable like any
 * edit). What was sent is told in a notice; a refusal (nothing sent) in an error.
 */
export async function startGeneration(
  stores: AppStores,
  activeServiceUrl: string | undefined,
  request: { newTake: boolean; blockIds?: readonly string[] | undefined },
): Promise<void> {
  let current = stores.document.getState().doc?.project;
  if (!current || activeServiceUrl === undefined) return;
  if (current.serviceUrl === undefined) {
    stores.document
      .getState()
      .apply((project) => setServiceUrl(project, activeServiceUrl), { label: 'Link to service' });
    current = stores.document.getState().doc?.project;
    if (!current) return;
  }
  let blockIds = request.blockIds;
  if (request.newTake && blockIds !== undefined) {
    // A locked block keeps its audio too: another take would change what it plays.
    const project = current;
    const locked = blockIds.filter((id) => findBlock(project, id)?.block.locked === true);
    if (locked.length > 0) {
      blockIds = blockIds.filter((id) => !locked.includes(id));
      stores.notices.getState().receive({
        kind: 'notification',
        title: `${locked.length} locked block${locked.length === 1 ? '' : 's'} left out`,
        body: 'Unlock a block to take it again.',
      });
      if (blockIds.length === 0) return;
    }
  }
  // Blocks the service would refuse are named here, all in one notice that can select them, before anything
  // is sent (main checks again, and refuses the whole request, if one gets through).
  const problems = blocksThatCannotGo(current, contextIn(stores, current), blockIds);
  if (problems.length > 0) {
    const summary = summarizeProblems(problems);
    stores.notices.getState().showProblem({
      title: summary.title,
      body: summary.body,
      action: {
        label: summary.blockIds.length === 1 ? 'Select it' : `Select them (${summary.blockIds.length})`,
        run: () => stores.document.getState().select(summary.blockIds, summary.blockIds[0] ?? null),
      },
    });
    return;
  }
  try {
    const started = await stores.client.invoke('generation.start', {
      project: current,
      ...(blockIds ? { blockIds: [...blockIds] } : {}),
      ...(request.newTake ? { newTake: true } : {}),
    });
    stores.notices
      .getState()
      .receive({ kind: 'notification', ...generationStartedNotice(started, request.newTake) });
  } catch (error) {
    stores.notices.getState().showError(error);
  }
}

/** The rule violations of the blocks this request would send: the given ones, or every one lacking audio. */
function blocksThatCannotGo(
  project: Project,
  context: SendContext,
  blockIds: readonly string[] | undefined,
): ProjectViolation[] {
  const sending = new Set(
    blockIds ??
      allBlocks(project)
        .filter((block) => needsGeneration(block, context))
        .map((block) => block.id),
  );
  return validateProject(project, context).filter((violation) => sending.has(violation.blockId));
}
