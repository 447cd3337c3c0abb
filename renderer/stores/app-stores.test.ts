import { describe, expect, it } from 'vitest';
import { sampleProject } from '../../common/project/test-support.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { storesFor } from '../test-support/app-stores-harness.js';

describe('app stores', () => {
  it('gives each set its own state: what one window or test does is not seen by another', () => {
    const first = storesFor(new FakeBridge({}));
    const second = storesFor(new FakeBridge({}));
    first.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    first.navigation.getState().goTo('voices');
    first.timelineView.getState().setPlayhead(4000);
    first.notices.getState().showError(new Error('Disk full'));

    expect(second.document.getState().doc).toBeNull();
    expect(second.navigation.getState().page).toBe('projects');
    expect(second.timelineView.getState().playheadMs).toBe(0);
    expect(second.notices.getState().toasts).toEqual([]);
    expect(first.notices.getState().toasts).toHaveLength(1);
  });

  it('talks to main through the bridge it was given', async () => {
    const bridge = new FakeBridge({
      'settings.get': () => ({ ok: false, error: { code: 'INTERNAL', message: 'x' } }),
    });
    const stores = storesFor(bridge);
    await expect(stores.client.invoke('settings.get')).rejects.toThrow('x');
    expect(bridge.calls.map((call) => call.method)).toEqual(['settings.get']);
  });
});
