import { ProjectEditError, checkTitle } from '../../../common/project/index.js';

/** The model's title rule (not empty, at most 200 characters), as a message to show beside the field. */
export function titleProblem(title: string): string | null {
  try {
    checkTitle(title);
    return null;
  } catch (error) {
    if (error instanceof ProjectEditError) return error.message;
    throw error;
  }
}
