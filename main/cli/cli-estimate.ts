import { projectStats } from '../../common/project/project-stats.js';
import type { ProjectSourceAccess } from '../services/batch/project-sources.js';
import type { ServiceLexicons } from '../services/pronunciation/service-lexicons.js';

const numbers = new Intl.NumberFormat('en-US');

/**
 * What `--generate` is about to spend, printed before anything is sent (the flag is the user's word, so nothing is
 * asked): the blocks without current audio in the given project files and their estimated credits. Files that do
 * not read are left to the batch, which reports them. The service tells no balance, so none is printed.
 */
export async function generationEstimateLine(
  projectPaths: readonly string[],
  sources: Pick<ProjectSourceAccess, 'read'>,
  lexicons: Pick<ServiceLexicons, 'contextFor'>,
): Promise<string> {
  let blocks = 0;
  let credits = 0;
  let projects = 0;
  for (const filePath of projectPaths) {
    const read = await sources.read({ kind: 'path', path: filePath });
    if (!read.ok) continue;
    const stats = projectStats(read.project, lexicons.contextFor(read.project));
    if (stats.pendingBlockCount === 0) continue;
    blocks += stats.pendingBlockCount;
    credits += stats.estimatedPendingCredits;
    projects += 1;
  }
  if (blocks === 0) return 'Nothing to generate: every block has current audio in its project file.\n';
  return (
    `To generate: ${numbers.format(blocks)} block${blocks === 1 ? '' : 's'} in ${projects} project` +
    `${projects === 1 ? '' : 's'}, up to ≈ ${numbers.format(credits)} credits ` +
    '(audio already made for the same content is reused at no cost).\n'
  );
}
