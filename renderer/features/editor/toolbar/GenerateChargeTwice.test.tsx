import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChargeTwiceRefusal } from '../../../../common/generation/charge-twice-holds.js';
import { sampleProject } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { signedInSettings } from '../../../test-support/settings-view.js';
import { GeneratePlayExportButtons } from './GeneratePlayExportButtons.js';

const SERVICE = 'http://127.0.0.1:8787';

/** Main's answer when the first block's text is in a task whose answer was lost: nothing was sent. */
const REFUSAL: ChargeTwiceRefusal = {
  refused: 'may-charge-twice',
  serviceUrl: SERVICE,
  blocks: [
    {
      blockId: 't1',
      contentHash: 'a'.repeat(64),
      jobId: 'job-lost',
      jobStatus: 'unknown-outcome',
      characters: 1_234,
      credits: 1_234,
      label: 'Welcome to the show.',
    },
  ],
  credits: 1_234,
  otherBlocks: 3,
  message: 'Nothing was sent: 1 block is in a task the service may already have charged.',
};

/** Main refuses a plain Generate (held blocks) and sends what a call that says what to do with them asks. */
function setUp() {
  const bridge = new FakeBridge({
    'generation.start': (input) => {
      const { confirmChargeTwice, skipChargeTwice } = input as {
        confirmChargeTwice?: boolean;
        skipChargeTwice?: boolean;
      };
      if (!confirmChargeTwice && !skipChargeTwice) return { ok: true, result: REFUSAL };
      const sent = confirmChargeTwice ? 4 : 3;
      return {
        ok: true,
        result: { serviceUrl: SERVICE, jobIds: ['j2'], sentBlocks: sent, reusedBlocks: 0, characters: 99 },
      };
    },
  });
  const stores = storesFor(bridge);
  stores.settings.getState().setView(signedInSettings(SERVICE));
  stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
  renderWithStores(<GeneratePlayExportButtons />, stores);
  const starts = () =>
    bridge.calls.filter((call) => call.method === 'generation.start').map((call) => call.input);
  return { stores, starts };
}

/** Clicks Generate once the blocks are counted (the button waits for their hashes). */
async function generate(): Promise<void> {
  const button = screen.getByTestId<HTMLButtonElement>('generate-project');
  await waitFor(() => expect(button.disabled).toBe(false));
  await act(async () => {
    fireEvent.click(button);
    await Promise.resolve();
  });
}

describe('Generate with blocks that may be charged twice (issue 37)', () => {
  afterEach(cleanup);

  it('asks, naming the blocks and the credits, and its focused default sends only the others', async () => {
    const { starts } = setUp();
    await generate();

    const dialog = await screen.findByTestId('charge-twice-dialog');
    expect(screen.getByTestId('charge-twice-blocks').textContent).toContain('“Welcome to the show.”');
    expect(screen.getByTestId('charge-twice-cost').textContent).toBe(
      'Generating it again may charge ≈ 1,234 credits twice.',
    );
    expect(screen.getByTestId('charge-twice-send-all').textContent).toBe(
      'Generate all, may charge ≈ 1,234 credits twice',
    );
    const others = screen.getByTestId('charge-twice-send-others');
    expect(others.textContent).toBe('Generate the others only (3 blocks)');
    expect(document.activeElement).toBe(others);
    expect(dialog).toBeTruthy();
    expect(starts()).toHaveLength(1);

    await act(async () => {
      fireEvent.click(others);
      await Promise.resolve();
    });
    expect(starts()).toHaveLength(2);
    expect(starts()[1]).toMatchObject({ skipChargeTwice: true });
    expect(starts()[1]).not.toHaveProperty('confirmChargeTwice');
    expect(screen.queryByTestId('charge-twice-dialog')).toBeNull();
  });

  it('sends them too only on the explicit choice, and nothing on Cancel', async () => {
    const { starts } = setUp();
    await generate();
    fireEvent.click(await screen.findByTestId('charge-twice-cancel'));
    expect(screen.queryByTestId('charge-twice-dialog')).toBeNull();
    expect(starts()).toHaveLength(1);

    await generate();
    await act(async () => {
      fireEvent.click(await screen.findByTestId('charge-twice-send-all'));
      await Promise.resolve();
    });
    expect(starts()).toHaveLength(3);
    expect(starts()[2]).toMatchObject({ confirmChargeTwice: true });
    expect(starts()[2]).not.toHaveProperty('skipChargeTwice');
  });
});
