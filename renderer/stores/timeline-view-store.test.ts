import { describe, expect, it, vi } from 'vitest';
import { sampleProject } from '../../common/project/test-support.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { storesFor } from '../test-support/app-stores-harness.js';
import { startAutosave } from './editor-autosave.js';
import { ZOOM_LIMITS, createTimelineViewStore } from './timeline-view-store.js';

describe('timeline view store', () => {
  it('clamps the zoom to its limits and the playhead to the start', () => {
    const view = createTimelineViewStore();
    view.getState().setZoom(100_000);
    expect(view.getState().zoom).toBe(ZOOM_LIMITS.max);
    view.getState().setZoom(0);
    expect(view.getState().zoom).toBe(ZOOM_LIMITS.min);
    view.getState().setPlayhead(-20);
    expect(view.getState().playheadMs).toBe(0);
  });

  it('moves the playhead and zooms during playback without waking the document’s subscribers or autosave', async () => {
    vi.useFakeTimers();
    try {
      const stores = storesFor(new FakeBridge({}));
      stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
      const documentChanges = vi.fn();
      const unsubscribe = stores.document.subscribe(documentChanges);
      const save = vi.fn(() => Promise.resolve({ savedAt: 'now' }));
      const autosave = startAutosave(stores.document, { save, delayMs: 10 });

      // A minute of playback at 60 frames a second, and a zoom.
      for (let frame = 0; frame < 3600; frame += 1) stores.timelineView.getState().setPlayhead(frame * 16.7);
      stores.timelineView.getState().setZoom(120);
      await vi.advanceTimersByTimeAsync(1000);

      expect(stores.timelineView.getState().playheadMs).toBeCloseTo(3599 * 16.7);
      expect(documentChanges).not.toHaveBeenCalled();
      expect(save).not.toHaveBeenCalled();
      expect(stores.document.getState().save.state).toBe('saved');
      unsubscribe();
      autosave.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
