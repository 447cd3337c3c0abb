import type { Block, Project } from '../../../../common/project/project-schema.js';
import { validateBlock } from '../../../../common/project/project-validation.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import type { VoiceCatalog } from '../../../../common/project/voice-fit.js';

const NONE: readonly string[] = Object.freeze([]);
const known = new WeakMap<
  Block,
  { context: SendContext; voices: VoiceCatalog; serviceUrl: string | undefined; problems: readonly string[] }
>();

/**
 * What the service would refuse in this block, in words (without the block's label: the row or the timeline
 * block already shows which block it is). Shown on the script row and the timeline block, not only in the
 * inspector, so an out-of-range speech rate is seen where it changes the timeline. Memoised per block object:
 * only the rows and blocks on screen ask.
 */
export function blockProblems(
  project: Project,
  context: SendContext,
  block: Block,
  voices: VoiceCatalog,
): readonly string[] {
  const cached = known.get(block);
  if (
    cached !== undefined &&
    cached.context === context &&
    cached.voices === voices &&
    cached.serviceUrl === project.serviceUrl
  )
    return cached.problems;
  // No voice anywhere is the project's problem, not each block's (an offline draft starts that way): the
  // project defaults and the generate summary say it once.
  const violations = validateBlock(project, context, block.id, { voices }).filter(
    (violation) => !(violation.field === 'voiceId' && violation.rule === 'required' && violation.fromDefault),
  );
  const problems =
    violations.length === 0
      ? NONE
      : violations.map((violation) => {
          const prefix = `${violation.blockLabel}: `;
          const text = violation.message.startsWith(prefix)
            ? violation.message.slice(prefix.length)
            : violation.message;
          return text.charAt(0).toUpperCase() + text.slice(1);
        });
  known.set(block, { context, voices, serviceUrl: project.serviceUrl, problems });
  return problems;
}
