import type { StartedGenerationView } from '../../../common/ipc/output-methods.js';

const blocks = (count: number): string => `${count} block${count === 1 ? '' : 's'}`;

/**
 * What a Generate click did, in words that stay true: blocks whose tasks wait for an unreachable service were
 * queued, not sent (issue 36: the offline toast said "2 blocks sent"), and the others are on their way.
 */
export function generationStartedNotice(
  started: StartedGenerationView,
  newTake: boolean,
): { title: string; body: string } {
  const offline = Math.min(started.offlineBlocks ?? 0, started.sentBlocks);
  const going = started.sentBlocks - offline;
  const characters = `${started.characters} character${started.characters === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (started.sentBlocks === 0) parts.push('Nothing to send');
  else if (offline === 0) parts.push(`${blocks(going)} sent (${characters})`);
  else {
    const waiting =
      going === 0
        ? `${blocks(offline)} queued (${characters}), nothing sent yet: the service cannot be reached`
        : `${blocks(going)} sent and ${blocks(offline)} queued (${characters} in all): the service cannot be reached now`;
    parts.push(`${waiting}. Queued blocks are sent by themselves when it is back (see Tasks)`);
  }
  if (started.reusedBlocks > 0) parts.push(`${started.reusedBlocks} reused from earlier generations`);
  const title =
    offline > 0 && going === 0 ? 'Queued until the service is back' : newTake ? 'Taking again' : 'Generating';
  return { title, body: parts.join('; ') };
}
