import type { Project } from '../../../common/project/project-schema.js';
import type { SendContext } from '../../../common/project/send-context.js';
import { laneConflictSentences } from '../../../common/project/speech-lanes.js';
import { layoutOf } from '../../shared/project-derived.js';

/** Lines shown before this many are summed up in one "…and N more", so a broken import stays readable. */
const SHOWN = 8;

/**
 * Before export: lines of one lane that sound at once, named ("Lines 12 and 13 overlap by 0.4 s in lane 1
 * (Anna)"). The mix would play both; the user may still export (a deliberate overlap is theirs to keep).
 */
export function ExportLaneConflicts({
  project,
  context,
}: {
  project: Project | null;
  context: SendContext | null;
}) {
  if (project === null || context === null) return null;
  const sentences = laneConflictSentences(project, layoutOf(project, context), context);
  if (sentences.length === 0) return null;
  return (
    <div className="export-flagged" role="note" data-testid="export-lane-conflicts">
      <p>
        {sentences.length === 1 ? 'Two lines overlap' : `${sentences.length} pairs of lines overlap`} within a
        speech lane: both will play at once. Move one on the timeline, or put it in another lane. You can
        export anyway.
      </p>
      <ul>
        {sentences.slice(0, SHOWN).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
        {sentences.length > SHOWN ? <li>…and {sentences.length - SHOWN} more</li> : null}
      </ul>
    </div>
  );
}
