import type { ProjectViolation } from '../../../common/project/project-validation.js';

export interface ProblemSummary {
  title: string;
  /** One line per kind of problem, with how many blocks have it. */
  body: string;
  /** Every block with a problem, in project order: what "Select them" selects. */
  blockIds: string[];
}

/** Kinds of problem listed in the summary; the rest are counted. */
const MAX_KINDS = 3;

/**
 * One summary of why blocks cannot be generated, instead of a sentence per block (issue 17: 37 blocks made one
 * toast repeat "no voice is chosen…" 37 times). Problems of the same field and rule are one line, described by
 * the first block that has it.
 */
export function summarizeProblems(violations: readonly ProjectViolation[]): ProblemSummary {
  const kinds = new Map<string, { detail: string; first: string; blocks: Set<string> }>();
  const blockIds: string[] = [];
  for (const violation of violations) {
    if (!blockIds.includes(violation.blockId)) blockIds.push(violation.blockId);
    // A style one voice lacks is its own kind for each voice and style (Bruno's and Mei's are two lines).
    const key = `${violation.field}\n${violation.rule}\n${violation.fix === undefined ? '' : detailOf(violation)}`;
    const kind = kinds.get(key);
    if (kind) kind.blocks.add(violation.blockId);
    else
      kinds.set(key, {
        detail: detailOf(violation),
        first: violation.message,
        blocks: new Set([violation.blockId]),
      });
  }
  const lines = [...kinds.values()]
    .slice(0, MAX_KINDS)
    .map(({ detail, first, blocks }) =>
      blocks.size === 1 ? first : `${blocks.size} blocks: ${lowerFirst(detail)}`,
    );
  if (kinds.size > MAX_KINDS) lines.push(`…and ${kinds.size - MAX_KINDS} more kinds of problem.`);
  const count = blockIds.length;
  return {
    title: `Nothing was sent: ${count === 1 ? '1 block needs' : `${count} blocks need`} fixing first`,
    body: lines.join('\n'),
    blockIds,
  };
}

/** The violation without its block's label: what is wrong, for every block that has it. */
function detailOf(violation: ProjectViolation): string {
  const prefix = `${violation.blockLabel}: `;
  const detail = violation.message.startsWith(prefix)
    ? violation.message.slice(prefix.length)
    : violation.message;
  return detail.charAt(0).toUpperCase() + detail.slice(1);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
