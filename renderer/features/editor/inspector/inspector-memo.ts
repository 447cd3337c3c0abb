import type { Block } from '../../../../common/project/project-schema.js';
import type { ProjectViolation } from '../../../../common/project/project-validation.js';

/**
 * Whether two versions of a block differ only in their text: the inspector's parameter fields show everything
 * else, so a keystroke in the script leaves them as they are. Re-rendered on each keystroke, their dozen inputs
 * had React set each one's name and type again (DOM mutations the page then restyles), in the keystroke's own
 * frame (issue 16).
 */
export function sameBesidesText(before: Block, after: Block): boolean {
  if (before === after) return true;
  const beforeRecord = before as unknown as Readonly<Record<string, unknown>>;
  const afterRecord = after as unknown as Readonly<Record<string, unknown>>;
  const keys = Object.keys(afterRecord);
  if (keys.length !== Object.keys(beforeRecord).length) return false;
  return keys.every((key) => key === 'text' || beforeRecord[key] === afterRecord[key]);
}

/** Whether two lists of a block's violations say the same (they are rebuilt on every edit of the project). */
export function sameViolations(
  before: readonly ProjectViolation[],
  after: readonly ProjectViolation[],
): boolean {
  return before === after || JSON.stringify(before) === JSON.stringify(after);
}
