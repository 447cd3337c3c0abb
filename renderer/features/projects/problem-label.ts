import type { OpenProblem } from '../../../common/project/library-views.js';

/** The short badge of a project that does not open. */
export function problemLabel(problem: OpenProblem): string {
  switch (problem) {
    case 'not-json':
    case 'invalid':
      return 'Damaged';
    case 'newer-version':
      return 'Newer version';
    case 'missing':
      return 'Missing';
    default: {
      const exhaustive: never = problem;
      throw new Error(`Unknown problem ${String(exhaustive)}`);
    }
  }
}

/** The heading of the dialog that explains why a project did not open. */
export function problemHeading(problem: OpenProblem): string {
  switch (problem) {
    case 'not-json':
    case 'invalid':
      return 'This project file is damaged';
    case 'newer-version':
      return 'This project needs a newer Timbre Studio';
    case 'missing':
      return 'This project file is gone';
    default: {
      const exhaustive: never = problem;
      throw new Error(`Unknown problem ${String(exhaustive)}`);
    }
  }
}
