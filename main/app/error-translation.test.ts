import { describe, expect, it } from 'vitest';
import { JobActionError } from '../services/jobs/index.js';
import { translateServiceErrors } from './error-translation.js';

describe('translateServiceErrors: job actions', () => {
  it('names the missing confirmation as the field of a retry that may charge twice, so the Tasks page asks', () => {
    expect(translateServiceErrors(new JobActionError('JOB_NEEDS_CONFIRMATION', 'May charge twice.'))).toEqual(
      {
        code: 'CONFLICT',
        field: 'confirmChargeTwice',
        message: 'May charge twice.',
      },
    );
    expect(translateServiceErrors(new JobActionError('JOB_NOT_RETRYABLE', 'On its way.'))).toMatchObject({
      code: 'CONFLICT',
      field: 'id',
    });
  });
});
