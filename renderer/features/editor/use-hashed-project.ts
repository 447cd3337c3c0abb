import { useEffect, useState } from 'react';
import type { Project } from '../../../common/project/project-schema.js';
import type { SendContext } from '../../../common/project/send-context.js';
import { useSendContext } from '../../shared/send-context.js';
import { projectHashedInSlices } from '../../shared/hash-in-slices.js';
import { useFollowedProject } from './use-followed-project.js';

export interface HashedProject {
  project: Project;
  context: SendContext;
}

/**
 * The followed project (useFollowedProject) once every block's content hash is known, for the views that
 * judge every block's state (counts, the credits estimate, the take checks). The hashes missing are computed in
 * slices first: on opening a 10,000-block audiobook they took ~130 ms in one go, before the editor could paint.
 * After an edit only the edited blocks are new, so the value follows within the same moment. Null until the
 * first project is hashed.
 */
export function useHashedProject(): HashedProject | null {
  const followed = useFollowedProject();
  return useHashed(followed, useSendContext(followed));
}

/** `project` with `context` once every block's content hash is known (as useHashedProject, for a view that
 * already reads the followed project). */
export function useHashed(project: Project | null, context: SendContext | null): HashedProject | null {
  const [hashed, setHashed] = useState<HashedProject | null>(null);
  useEffect(() => {
    if (project === null || context === null) return;
    let cancelled = false;
    void projectHashedInSlices(project, context, () => cancelled).then((done) => {
      if (done && !cancelled) setHashed({ project, context });
    });
    return () => {
      cancelled = true;
    };
  }, [project, context]);
  return project === null ? null : hashed;
}
