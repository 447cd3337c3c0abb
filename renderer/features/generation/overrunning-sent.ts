import type { Project } from '../../../common/project/project-schema.js';
import type { SendContext } from '../../../common/project/send-context.js';
import { fitLinesOf } from '../../shared/project-derived.js';

/**
 * How many of the blocks about to be sent are timed lines whose estimate runs past their slot with no remedy the
 * user chose (common/timing/fit-check.ts `needsDecision`). Generate asks first when there are any: money, the
 * user decides before paying. A project without timed lines costs one walk of its blocks.
 */
export function overrunningSent(
  project: Project,
  context: SendContext,
  sending: ReadonlySet<string>,
): number {
  const blocks = project.tracks.speech.blocks;
  if (!blocks.some((block) => block.type === 'text' && block.timing !== undefined)) return 0;
  const lines = fitLinesOf(project, context);
  return lines.filter((line) => line.needsDecision && sending.has(line.blockId)).length;
}
