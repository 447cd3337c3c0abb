import { findBlock, setServiceUrl } from '../../../common/project/index.js';
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
  try {
    const started = await stores.client.invoke('generation.start', {
      project: current,
      ...(blockIds ? { blockIds: [...blockIds] } : {}),
      ...(request.newTake ? { newTake: true } : {}),
    });
    const parts = [
      started.sentBlocks > 0
        ? `${started.sentBlocks} block${started.sentBlocks === 1 ? '' : 's'} sent (${started.characters} characters)`
        : 'Nothing to send',
      started.reusedBlocks > 0 ? `${started.reusedBlocks} reused from earlier generations` : '',
    ].filter(Boolean);
    stores.notices.getState().receive({
      kind: 'notification',
      title: request.newTake ? 'Taking again' : 'Generating',
      body: parts.join('; '),
    });
  } catch (error) {
    stores.notices.getState().showError(error);
  }
}
