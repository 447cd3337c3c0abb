import { ProjectEditError } from './edit-error.js';
import { describeFirstIssue } from './issue-path.js';
import type { Project } from './project-schema.js';
import { DEFAULT_ORIGINAL_AUDIO, referenceVideoSchema } from './timing-schema.js';
import type { ReferenceVideo } from './timing-schema.js';

/*
 * Edits of the project's reference video (what main probed: `video.probe`, `video.locate`). Like every edit they
 * return a new project and leave the one passed in untouched; none of them touches a block, so no audio turns
 * stale (timing is never part of a block's content hash).
 */

/** Sets (or replaces) the project's video with one main probed; the project then lasts as long as it. */
export function setVideo(project: Project, video: ReferenceVideo): Project {
  return { ...project, video: checkedVideo(video) };
}

/**
 * Points the project's moved or missing video at the file the user located. Only what describes the file
 * changes (its path, length, size and frame rate); the original-audio settings stay as the user left them, or
 * are dropped when the located file has no sound of its own.
 */
export function relocateVideo(project: Project, located: ReferenceVideo): Project {
  const current = project.video;
  if (current === undefined) {
    throw new ProjectEditError({
      field: 'video',
      rule: 'not-found',
      message: 'This project has no video to locate: add one instead.',
    });
  }
  const { originalAudio: locatedAudio, ...facts } = checkedVideo(located);
  const originalAudio =
    locatedAudio === undefined ? undefined : (current.originalAudio ?? { ...DEFAULT_ORIGINAL_AUDIO });
  return { ...project, video: { ...facts, ...(originalAudio ? { originalAudio } : {}) } };
}

/** Removes the project's video (the file itself is not touched); its timed lines keep their times. */
export function removeVideo(project: Project): Project {
  if (project.video === undefined) return project;
  const { video: _removed, ...rest } = project;
  return rest;
}

function checkedVideo(video: ReferenceVideo): ReferenceVideo {
  const parsed = referenceVideoSchema.safeParse(video);
  if (parsed.success) return parsed.data;
  const { fieldPath, problem } = describeFirstIssue(parsed.error);
  throw new ProjectEditError({
    field: fieldPath === '' ? 'video' : `video.${fieldPath}`,
    rule: 'out-of-range',
    message: `The video's ${fieldPath || 'record'} ${problem}.`,
  });
}
