import type { StartedGenerationView } from '../../../common/ipc/generation-methods.js';

const blocks = (count: number): string => `${count} block${count === 1 ? '' : 's'}`;

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * What a Generate click did, in words that stay true: blocks whose tasks wait for an unreachable service were
 * queued, not sent (issue 36: the offline toast said "2 blocks sent"); blocks whose tasks the service has not
 * answered yet (a slow connection, or tasks waiting their turn) are being sent; only the others were sent.
 */
export function generationStartedNotice(
  started: StartedGenerationView,
  newTake: boolean,
): { title: string; body: string } {
  const offline = Math.min(started.offlineBlocks ?? 0, started.sentBlocks);
  const sending = Math.min(started.sendingBlocks ?? 0, started.sentBlocks - offline);
  const going = started.sentBlocks - offline - sending;
  const characters = `${started.characters} character${started.characters === 1 ? '' : 's'}`;
  const counts = [
    ...(going > 0 ? [`${blocks(going)} sent`] : []),
    ...(sending > 0 ? [`${blocks(sending)} being sent`] : []),
    ...(offline > 0 ? [`${blocks(offline)} queued`] : []),
  ];
  const sizes = counts.length === 1 ? `(${characters})` : `(${characters} in all)`;
  const parts: string[] = [];
  if (started.sentBlocks === 0) parts.push('Nothing to send');
  else if (offline === 0) parts.push(`${listed(counts)} ${sizes}${sending > 0 ? '…' : ''}`);
  else {
    const waiting =
      counts.length === 1
        ? `${listed(counts)} ${sizes}, nothing sent yet: the service cannot be reached`
        : `${listed(counts)} ${sizes}: the service cannot be reached now`;
    parts.push(`${waiting}. Queued blocks are sent by themselves when it is back (see Tasks)`);
  }
  if (started.reusedBlocks > 0) parts.push(`${started.reusedBlocks} reused from earlier generations`);
  const held = started.heldBlocks?.length ?? 0;
  if (held > 0)
    parts.push(`${blocks(held)} left out, as ${held === 1 ? 'it' : 'they'} may be charged twice (see Tasks)`);
  const title =
    offline > 0 && counts.length === 1
      ? 'Queued until the service is back'
      : newTake
        ? 'Taking again'
        : 'Generating';
  return { title, body: parts.join('; ') };
}
