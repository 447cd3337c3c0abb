import { describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { updateBlock } from '../../../common/project/index.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { startGeneration } from './start-generation.js';

const SERVICE = 'http://127.0.0.1:8787';

function setUp(project: Project = { ...sampleProject(), serviceUrl: SERVICE }) {
  const bridge = new FakeBridge({
    'generation.start': () => ({
      ok: true,
      result: { serviceUrl: SERVICE, jobIds: ['job-1'], sentBlocks: 1, reusedBlocks: 0, characters: 12 },
    }),
  });
  const stores = storesFor(bridge);
  stores.document.getState().open({ fileName: 'sample.timbre', project });
  return { bridge, stores };
}

describe('startGeneration', () => {
  it('asks main for another take of the chosen blocks', async () => {
    const { bridge, stores } = setUp();
    await startGeneration(stores, SERVICE, { newTake: true, blockIds: ['t1', 't2'] });
    expect(bridge.calls.map((call) => call.method)).toEqual(['generation.start']);
    expect(bridge.calls[0]?.input).toMatchObject({ blockIds: ['t1', 't2'], newTake: true });
    expect(stores.notices.getState().toasts.at(-1)?.title).toBe('Taking again');
  });

  it('leaves locked blocks out of another take, says so, and sends nothing when all are locked', async () => {
    const locked = updateBlock({ ...sampleProject(), serviceUrl: SERVICE }, 't2', { locked: true });
    const { bridge, stores } = setUp(locked);
    await startGeneration(stores, SERVICE, { newTake: true, blockIds: ['t1', 't2'] });
    expect(bridge.calls[0]?.input).toMatchObject({ blockIds: ['t1'] });
    expect(stores.notices.getState().toasts.map((toast) => toast.title)).toContain('1 locked block left out');

    await startGeneration(stores, SERVICE, { newTake: true, blockIds: ['t2'] });
    expect(bridge.calls).toHaveLength(1);
  });
});
