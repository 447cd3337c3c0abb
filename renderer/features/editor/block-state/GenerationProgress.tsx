import { useEffect, useState } from 'react';
import { useSendContext } from '../../../shared/send-context.js';
import {
  generationSecondsLeft,
  learnServiceSpeed,
  taskTimings,
} from '../../../../common/generation/service-speed.js';
import { characterCount, contentHash, findBlock } from '../../../../common/project/index.js';
import {
  selectBlockGenerations,
  selectGenerationRun,
  selectJobs,
  selectPendingHashes,
} from '../../../stores/generation-store.js';
import { useGenerationStore } from '../../../stores/stores-context.js';
import { formatClock, formatCount } from '../../../shared/format.js';
import { useFollowedProject } from '../use-followed-project.js';

/**
 * The editor's progress bar while blocks are generated: blocks done out of the run's total, failures, and a
 * time-left estimate: from the speed the service showed on earlier tasks until this run has audio of its own,
 * then from this run's pace (service-speed.ts).
 */
export function GenerationProgress() {
  const run = useGenerationStore(selectGenerationRun);
  const pending = useGenerationStore(selectPendingHashes);
  const project = useFollowedProject();
  const context = useSendContext(project);
  const jobs = useGenerationStore(selectJobs);
  const generationOf = useGenerationStore(selectBlockGenerations);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (run === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [run]);
  if (run === null || project === null || context === null) return null;

  let done = 0;
  let failed = 0;
  let doneCharacters = 0;
  let remainingCharacters = 0;
  for (const id of run.blockIds) {
    const block = findBlock(project, id)?.block;
    if (!block) continue;
    const characters = characterCount(block);
    if (pending[contentHash(block, context)] !== undefined) {
      remainingCharacters += characters;
      continue;
    }
    done += 1;
    // The run's pace counts audio that arrived: a refused task's blocks end at once and would make the rest
    // look almost done.
    if (generationOf(block, context).state === 'failed') failed += 1;
    else doneCharacters += characters;
  }
  const total = run.blockIds.length;
  const finished = done === total;
  const serviceUrl = project.serviceUrl;
  const openTasks = [...new Set(Object.values(pending))].flatMap((jobId) => {
    const job = jobs[jobId];
    if (job === undefined || job.finishedAt !== undefined) return [];
    const submittedAt = job.submittedAt === undefined ? undefined : Date.parse(job.submittedAt);
    return [{ submittedAt, characters: job.characters ?? 0 }];
  });
  const secondsLeft = finished
    ? undefined
    : generationSecondsLeft({
        now,
        startedAt: run.startedAt,
        doneCharacters,
        remainingCharacters,
        openTasks,
        speed: serviceUrl ? learnServiceSpeed(taskTimings(Object.values(jobs), serviceUrl)) : undefined,
      });
  return (
    <div
      className="generation-progress"
      role="status"
      data-testid="generation-progress"
      data-done={done}
      data-total={total}
    >
      <progress max={total} value={done} aria-label="Blocks generated" />
      <span>
        {/* Blocks with audio, then those that ended without it: a run whose tasks were refused never reads as
            generated (issue 36: "Generated 30 of 30 blocks · 30 failed" with none generated). */}
        {finished ? 'Generated' : 'Generating'} {formatCount(done - failed)} of {formatCount(total)} block
        {total === 1 ? '' : 's'}
        {failed > 0 ? ` · ${formatCount(failed)} failed` : ''}
        {secondsLeft === undefined
          ? finished
            ? ''
            : ' · estimating time left…'
          : ` · about ${formatClock(secondsLeft * 1000)} left`}
      </span>
    </div>
  );
}
