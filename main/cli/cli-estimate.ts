import { characterCount, forEachBlock, needsGeneration } from '../../common/project/index.js';
import { CREDITS_PER_CHARACTER } from '../../common/project/project-stats.js';
import { heldForRewrite, toGenerate } from '../../common/project/rewrite-holds.js';
import type { ProjectSourceAccess } from '../services/batch/project-sources.js';
import type { ServiceLexicons } from '../services/pronunciation/service-lexicons.js';

const numbers = new Intl.NumberFormat('en-US');

/**
 * What `--generate` is about to spend, printed before anything is sent (the flag is the user's word, so nothing is
 * asked): the blocks without current audio in the given project files and their estimated credits, less the timed
 * lines marked to rewrite shorter, which are never sent (rewrite-holds.ts) and are named apart. Files that do not
 * read are left to the batch, which reports them. The service tells no balance, so none is printed.
 */
export async function generationEstimateLine(
  projectPaths: readonly string[],
  sources: Pick<ProjectSourceAccess, 'read'>,
  lexicons: Pick<ServiceLexicons, 'contextFor'>,
): Promise<string> {
  let blocks = 0;
  let characters = 0;
  let projects = 0;
  let held = 0;
  for (const filePath of projectPaths) {
    const read = await sources.read({ kind: 'path', path: filePath });
    if (!read.ok) continue;
    const context = lexicons.contextFor(read.project);
    let pending = 0;
    forEachBlock(read.project, (block) => {
      if (toGenerate(block, context)) {
        pending += 1;
        characters += characterCount(block, context);
      } else if (heldForRewrite(block) && needsGeneration(block, context)) held += 1;
    });
    if (pending === 0) continue;
    blocks += pending;
    projects += 1;
  }
  const it = held === 1 ? 'it' : 'them';
  const heldLine =
    held === 0
      ? ''
      : `Not sent: ${numbers.format(held)} line${held === 1 ? '' : 's'} marked to rewrite shorter: rewrite ${it}, or clear the mark, in the app; the export needs ${held === 1 ? 'its' : 'their'} audio.\n`;
  if (blocks === 0 && held > 0) return heldLine;
  if (blocks === 0) return 'Nothing to generate: every block has current audio in its project file.\n';
  return (
    `To generate: ${numbers.format(blocks)} block${blocks === 1 ? '' : 's'} in ${projects} project` +
    `${projects === 1 ? '' : 's'}, up to ≈ ${numbers.format(characters * CREDITS_PER_CHARACTER)} credits ` +
    `(audio already made for the same content is reused at no cost).\n${heldLine}`
  );
}
