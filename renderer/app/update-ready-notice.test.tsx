import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateView } from '../../common/updates/update-state.js';
import { storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { useMainEvents } from './use-main-events.js';

const view = (update: UpdateView['update']): UpdateView => ({
  currentVersion: '1.0.0',
  automaticChecks: true,
  update,
  restartBlockedBy: null,
});

describe('the notice of a ready update', () => {
  afterEach(cleanup);

  it('says once per version that an update is ready, and nothing while it downloads', () => {
    const bridge = new FakeBridge({});
    const stores = storesFor(bridge);
    renderHook(() => useMainEvents(stores));
    const titles = (): string[] => stores.notices.getState().toasts.map((toast) => toast.title);
    act(() => bridge.emit('updates.changed', view({ state: 'downloading', version: '1.1.0', percent: 50 })));
    expect(titles()).toEqual([]);
    const ready = view({ state: 'ready', version: '1.1.0', notes: '' });
    act(() => bridge.emit('updates.changed', ready));
    act(() => bridge.emit('updates.changed', { ...ready, restartBlockedBy: 'an export runs' }));
    expect(titles()).toEqual(['Timbre Studio 1.1.0 is ready to install']);
    expect(stores.notices.getState().toasts[0]?.body).toMatch(/Settings → Updates/);
  });
});
