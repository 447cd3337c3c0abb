import { linesPastVideoEnd } from '../../../common/project/past-video-end.js';
import type { Project } from '../../../common/project/project-schema.js';
import type { SendContext } from '../../../common/project/send-context.js';
import { layoutOf } from '../../shared/project-derived.js';

/** Lines shown before the rest are summed up in one "…and N more". */
const SHOWN = 8;

/**
 * Before a video export: speech that runs past the picture's end, which the video export cuts off with it (the
 * audio-only export keeps it). Named so the cut is never a surprise in the delivered file.
 */
export function ExportPastVideoEnd({
  project,
  context,
}: {
  project: Project | null;
  context: SendContext | null;
}) {
  if (project === null || context === null) return null;
  const sentences = linesPastVideoEnd(project, layoutOf(project, context));
  if (sentences.length === 0) return null;
  return (
    <div className="export-flagged" role="note" data-testid="export-past-video-end">
      <p>
        {sentences.length === 1 ? 'A line runs' : `${sentences.length} lines run`} past the end of the video:
        the video export stops with the picture and cuts {sentences.length === 1 ? 'it' : 'them'} off. Move{' '}
        {sentences.length === 1 ? 'it' : 'them'} earlier, or export the audio alone to keep everything.
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
