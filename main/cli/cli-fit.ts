import { formatShortDuration, laneConflictSentences } from '../../common/project/speech-lanes.js';
import type { Project } from '../../common/project/project-schema.js';
import type { SendContext } from '../../common/project/send-context.js';
import { layoutTimeline } from '../../common/project/timeline-layout.js';
import { RANGES } from '../../common/rules/vocabulary.js';
import type { FitLine } from '../../common/timing/fit-check.js';
import { fitCheck, overrunningLines } from '../../common/timing/fit-check.js';
import { applyFitSuggestions } from '../../common/timing/fit-remedies.js';
import type { ProjectSourceAccess } from '../services/batch/project-sources.js';
import type { ServiceLexicons } from '../services/pronunciation/service-lexicons.js';

/** --fit report: print the fit check and stop; --fit apply: take every line's suggestion, then export. */
export type FitMode = 'report' | 'apply';

const SUGGESTION_WORDS: Record<FitLine['suggestion'], string> = {
  fits: 'fits',
  'run-on': 'let it run on into the free time after its slot',
  rate: 'send it faster',
  stretch: 'allow a stretch (at most 15 %, pitch kept)',
  rewrite: 'rewrite it shorter',
};

/**
 * The fit check of one project as lines of text, as the app's fit check dialog lists it: each timed line that runs
 * past its slot with its overrun, the rate it would need, whether the app may send that rate (0.5–2), and the
 * suggestion; then the lines that overlap in a lane, as the export dialog names them.
 */
function fitReportLines(project: Project, context: SendContext): string[] {
  const layout = layoutTimeline(project, context);
  const lines = fitCheck(project, context, layout);
  const numbers = new Map(layout.speech.map((item) => [item.blockId, item.index + 1]));
  const overrunning = overrunningLines(lines);
  const timed = lines.length;
  const report = [
    timed === 0
      ? `${project.title}: no timed lines, nothing to fit.`
      : `${project.title}: ${timed} timed line${timed === 1 ? '' : 's'}, ${overrunning.length} run${overrunning.length === 1 ? 's' : ''} past ${overrunning.length === 1 ? 'its' : 'their'} slot.`,
  ];
  for (const line of overrunning) report.push(`  ${overrunSentence(line, numbers.get(line.blockId))}`);
  for (const sentence of laneConflictSentences(project, layout, context)) report.push(`  ${sentence}`);
  return report;
}

function overrunSentence(line: FitLine, number: number | undefined): string {
  const { min, max } = RANGES.speechRate;
  const slot = line.slotMs === undefined ? 'its slot' : `its ${formatShortDuration(line.slotMs)} slot`;
  const needed =
    line.neededRate === undefined || !Number.isFinite(line.neededRate)
      ? 'no rate makes it fit'
      : `needs rate ${line.neededRate.toFixed(2)} (now ${line.rate.toFixed(2)}; ${line.rateInRange ? 'inside' : 'outside'} the ${min}–${max} the app sends)`;
  const what = line.source === 'audio' ? 'take' : 'estimate';
  const state = line.coveredBy
    ? `covered: ${line.coveredBy === 'run-on' ? 'it runs on' : 'its stretch is allowed'}`
    : line.needsDecision
      ? `suggestion: ${SUGGESTION_WORDS[line.suggestion]}`
      : 'marked to rewrite shorter';
  return `Line ${number ?? '?'} runs past ${slot} by ${formatShortDuration(line.overrunMs)} (${what}): ${needed}; ${state}.`;
}

/**
 * --fit: for each project that reads, prints its fit check; with `apply`, takes every line's suggestion as the
 * app's "Apply all" does and saves the project (only if its file still holds what was read), so the export and
 * --generate that follow use it. Files that do not read are left to the batch, which reports them.
 */
export async function runFitPass(
  mode: FitMode,
  projectPaths: readonly string[],
  sources: Pick<ProjectSourceAccess, 'read' | 'save'>,
  lexicons: Pick<ServiceLexicons, 'contextFor'>,
  write: (text: string) => void,
): Promise<void> {
  for (const filePath of projectPaths) {
    const source = { kind: 'path' as const, path: filePath };
    const read = await sources.read(source);
    if (!read.ok) continue;
    const context = lexicons.contextFor(read.project);
    write(`${fitReportLines(read.project, context).join('\n')}\n`);
    if (mode !== 'apply') continue;
    const lines = fitCheck(read.project, context, layoutTimeline(read.project, context));
    const result = applyFitSuggestions(read.project, lines);
    const changed = Object.values(result.applied).reduce((sum, count) => sum + count, 0);
    const locked = result.lockedBlockIds.length;
    if (changed > 0) {
      const saved = await sources.save(source, read, result.project);
      if (!saved.saved) {
        write(`  Fit not applied: the project could not be saved (${saved.reason}).\n`);
        continue;
      }
    }
    const parts = Object.entries(result.applied)
      .filter(([, count]) => count > 0)
      .map(([remedy, count]) => `${count} ${remedy}`);
    write(
      `  Fit applied: ${changed === 0 ? 'no line needed a change' : `${changed} line${changed === 1 ? '' : 's'} changed (${parts.join(', ')})`}` +
        `${locked === 0 ? '' : `; ${locked} locked line${locked === 1 ? '' : 's'} left as ${locked === 1 ? 'it is' : 'they are'}`}.\n`,
    );
  }
}

/** Lines that overlap within a lane, named before the export as the app's export dialog names them. */
export async function printLaneConflicts(
  projectPaths: readonly string[],
  sources: Pick<ProjectSourceAccess, 'read'>,
  lexicons: Pick<ServiceLexicons, 'contextFor'>,
  write: (text: string) => void,
): Promise<void> {
  for (const filePath of projectPaths) {
    const read = await sources.read({ kind: 'path', path: filePath });
    if (!read.ok) continue;
    const context = lexicons.contextFor(read.project);
    const sentences = laneConflictSentences(read.project, layoutTimeline(read.project, context), context);
    for (const sentence of sentences) write(`note: ${read.project.title}: ${sentence}\n`);
  }
}
