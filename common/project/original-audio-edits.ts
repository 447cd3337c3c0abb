import { ProjectEditError } from './edit-error.js';
import { describeFirstIssue } from './issue-path.js';
import type { Project } from './project-schema.js';
import type { OriginalAudio } from './timing-schema.js';
import { originalAudioSchema } from './timing-schema.js';

/**
 * Changes the reference video's original sound (volume, mute, ducking under speech). No block changes, so no
 * audio turns stale. Refused, naming the field and its rule, when the project has no video, the video has no
 * sound of its own, or a value is outside the schema's range.
 */
export function setOriginalAudio(project: Project, change: Partial<OriginalAudio>): Project {
  const video = project.video;
  if (video?.originalAudio === undefined) {
    throw new ProjectEditError({
      field: 'video.originalAudio',
      rule: 'not-found',
      message:
        video === undefined
          ? 'This project has no video, so it has no original sound to change.'
          : 'This video has no sound of its own to change.',
    });
  }
  const parsed = originalAudioSchema.safeParse({ ...video.originalAudio, ...change });
  if (!parsed.success) {
    const { fieldPath, problem } = describeFirstIssue(parsed.error);
    throw new ProjectEditError({
      field: `video.originalAudio.${fieldPath}`,
      rule: 'out-of-range',
      message: `The original audio's ${fieldPath} ${problem}.`,
    });
  }
  return { ...project, video: { ...video, originalAudio: parsed.data } };
}
