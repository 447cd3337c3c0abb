import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTCOME_UNKNOWN_CODE } from '../../../../common/jobs/job-status.js';
import { createTextBlock } from '../../../../common/project/block-factory.js';
import type { Block } from '../../../../common/project/project-schema.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { GenerationSlot } from './GenerationSlot.js';

afterEach(cleanup);

function failedBlock(code: string): Block {
  return {
    ...createTextBlock({ text: 'The harbour at dawn.' }),
    generation: {
      kind: 'failed',
      contentHash: 'a'.repeat(64),
      error: { code, message: 'The app cannot tell whether the service received this task.' },
    },
  };
}

describe('GenerationSlot', () => {
  it('calls a block whose task’s answer was lost "Outcome unknown" in the inspector, as the script row does (issue 37)', () => {
    const stores = storesFor(new FakeBridge({}));
    renderWithStores(
      <GenerationSlot block={failedBlock(OUTCOME_UNKNOWN_CODE)} state="failed" unavailableReason={null} />,
      stores,
    );
    expect(screen.getByTestId('block-state').textContent).toBe('Outcome unknown');
    cleanup();
    renderWithStores(
      <GenerationSlot block={failedBlock('TASK_FAILED')} state="failed" unavailableReason={null} />,
      stores,
    );
    expect(screen.getByTestId('block-state').textContent).toBe('Generation failed');
  });
});
