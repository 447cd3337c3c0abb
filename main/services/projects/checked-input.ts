import { IpcError } from '../../../common/ipc/errors.js';
import type { Project } from '../../../common/project/index.js';
import { ProjectEditError, checkTitle, checkedProject } from '../../../common/project/index.js';

/** The project model's rules on what the renderer sends, each broken one reported as an IPC input error. */

/** The model's title rule, reported as an IPC input error. */
export function checkedTitle(title: string): string {
  try {
    return checkTitle(title);
  } catch (error) {
    if (error instanceof ProjectEditError)
      throw new IpcError({ code: 'INVALID_INPUT', field: error.field, message: error.message });
    throw error;
  }
}

/** The whole project checked against the schema and the model's rules, refused as the `project` field. */
export function checkedProjectOrThrow(project: Project): Project {
  try {
    return checkedProject(project);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new IpcError({ code: 'INVALID_INPUT', field: 'project', message });
  }
}
