import { ProjectEditError } from './edit-error.js';
import { projectDefaultsSchema } from './project-schema.js';
import type { Project, ProjectDefaults } from './project-schema.js';
import { describeFirstIssue } from './issue-path.js';

const MAX_TITLE_LENGTH = 200;

/** Sets the project's title (trimmed; 1 to 200 characters). */
export function renameProject(project: Project, title: string): Project {
  return { ...project, title: checkTitle(title) };
}

export function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '' || trimmed.length > MAX_TITLE_LENGTH) {
    throw new ProjectEditError({
      field: 'title',
      rule: trimmed === '' ? 'required' : 'out-of-range',
      message:
        trimmed === ''
          ? 'The project title must not be empty.'
          : `The project title must be at most ${MAX_TITLE_LENGTH} characters (got ${trimmed.length}).`,
    });
  }
  return trimmed;
}

/**
 * Changes project defaults. Blocks that use a changed default get a new content hash and so turn stale, which is
 * the point: their audio no longer matches. Choosing a different voice without a name drops the old name.
 */
export function setProjectDefaults(
  project: Project,
  patch: Partial<{ [K in keyof ProjectDefaults]: ProjectDefaults[K] | undefined }>,
): Project {
  const merged: Record<string, unknown> = { ...project.defaults };
  if ('voiceId' in patch && patch.voiceId !== project.defaults.voiceId && !('voiceName' in patch)) {
    delete merged.voiceName;
  }
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) delete merged[field];
    else merged[field] = value;
  }
  const checked = projectDefaultsSchema.safeParse(merged);
  if (!checked.success) {
    const { fieldPath, problem } = describeFirstIssue(checked.error);
    throw new ProjectEditError({
      field: `defaults.${fieldPath}`,
      rule: checked.error.issues[0]?.code === 'unrecognized_keys' ? 'unknown-field' : 'wrong-type',
      message: `Project default "${fieldPath}" ${problem}.`,
    });
  }
  return { ...project, defaults: merged as ProjectDefaults };
}

/** Ties the project to a service (its voices and styles), or unties it with undefined. */
export function setServiceUrl(project: Project, serviceUrl: string | undefined): Project {
  const { serviceUrl: _previous, ...rest } = project;
  return serviceUrl === undefined ? rest : { ...rest, serviceUrl };
}
