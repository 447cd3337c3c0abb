import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blockProgress } from '../../../../common/generation/block-progress.js';
import { BlockStateBadge } from './BlockStateBadge.js';

describe('BlockStateBadge', () => {
  afterEach(cleanup);

  it('says "Outcome unknown", not "Generation failed", for a block whose task’s answer was lost (issue 37)', () => {
    const progress = blockProgress({
      state: 'failed',
      job: undefined,
      inRun: true,
      failure: {
        code: 'OUTCOME_UNKNOWN',
        message: 'The app cannot tell whether the service received this task.',
      },
    });
    render(<BlockStateBadge state="failed" outcomeUnknown={progress.kind === 'outcome-unknown'} />);
    expect(screen.getByTestId('block-state').textContent).toBe('Outcome unknown');
    expect(screen.getByTestId('block-state').title).toMatch(/may have been charged/u);
    cleanup();
    render(<BlockStateBadge state="failed" />);
    expect(screen.getByTestId('block-state').textContent).toBe('Generation failed');
  });
});
