import type { MissingAudio } from '../../../common/export/project-render-plan.js';
import type { Project } from '../../../common/project/index.js';
import { blockLabel, findBlock } from '../../../common/project/index.js';

const REASONS: Record<MissingAudio['reason'], string> = {
  'not-generated': 'not generated yet',
  stale: 'changed since it was generated',
  failed: 'its generation failed',
};

const TRACKS: Record<MissingAudio['track'], string> = {
  speech: 'Speech',
  effects: 'Effects',
  music: 'Music',
};

/**
 * One line of the export's "audio missing" list, named as the editor names blocks:
 * `Speech block 3 (“Is the boat ready?”) — changed since it was generated`.
 */
export function missingAudioLine(item: MissingAudio, project: Project | null): string {
  const location = project ? findBlock(project, item.blockId) : undefined;
  // A block deleted since main looked keeps main's own words for it.
  const name = location ? blockLabel(location) : `${TRACKS[item.track]} block (${item.label})`;
  return `${name} — ${REASONS[item.reason]}`;
}
