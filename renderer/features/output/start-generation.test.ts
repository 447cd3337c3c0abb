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

  it('sends nothing when blocks would be refused, and names them all in one notice that selects them', async () => {
    const base = { ...sampleProject(), serviceUrl: SERVICE };
    // No voice anywhere: every speech block would be refused.
    const noVoice: Project = { ...base, defaults: { ...base.defaults, voiceId: null } };
    const { bridge, stores } = setUp(noVoice);
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(bridge.calls).toEqual([]);
    const toasts = stores.notices.getState().toasts;
    expect(toasts).toHaveLength(1);
    const [toast] = toasts;
    // The sample's blocks without a voice of their own.
    const speechIds = base.tracks.speech.blocks
      .filter((block) => block.type === 'text' && block.voiceId === undefined)
      .map((block) => block.id);
    expect(speechIds.length).toBeGreaterThan(1);
    expect(toast).toMatchObject({
      tone: 'error',
      title: `Nothing was sent: ${speechIds.length} blocks need fixing first`,
      body: `${speechIds.length} blocks: no voice is chosen; pick a default voice for the project or a voice for this block.`,
    });
    toast!.action!.run();
    expect(stores.document.getState().selection).toEqual({ ids: speechIds, anchorId: speechIds[0] });
  });
});
