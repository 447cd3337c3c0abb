import type { TakeFlag } from '../audio/take-checks.js';
import type { Project } from '../project/project-schema.js';
import type { SendContext } from '../project/send-context.js';
import { activeTake } from '../project/takes.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import { fitCheck } from './fit-check.js';

/**
 * After generation, each fixed timed line's real take against its slot: a take that still ends past it (and no
 * allowed stretch covers it) is flagged with its overrun, the rate a faster take needs and whether a stretch of at
 * most MAX_STRETCH would do. By block id. A pinned take is flagged too: pinning chooses a take by ear, and the
 * picture still cuts where it cuts; "Sounds fine" (the take's accepted kinds) closes the flag.
 */
export function overrunFlags(project: Project, context: SendContext): Map<string, TakeFlag> {
  const flags = new Map<string, TakeFlag>();
  if (!hasTimedSpeech(project)) return flags;
  const lines = fitCheck(project, context, layoutTimeline(project, context));
  const byId = new Map(project.tracks.speech.blocks.map((block) => [block.id, block]));
  for (const line of lines) {
    if (line.source !== 'audio' || line.overrunMs <= 0 || line.coveredBy !== undefined) continue;
    if (line.slotMs === undefined || line.neededRate === undefined) continue;
    const block = byId.get(line.blockId);
    if (block?.type !== 'text' || block.timing?.fit !== 'fixed') continue;
    if (activeTake(block, context)?.acceptedFlags?.includes('overrun') === true) continue;
    flags.set(line.blockId, {
      kind: 'overrun',
      overrunMs: line.overrunMs,
      slotMs: line.slotMs,
      neededRate: line.neededRate,
      stretchable: line.suggestion === 'stretch',
    });
  }
  return flags;
}

function hasTimedSpeech(project: Project): boolean {
  const blocks = project.tracks.speech.blocks;
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    if (block.type === 'text' && block.timing !== undefined) return true;
  }
  return false;
}
