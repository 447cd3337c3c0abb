import { selectZoom } from '../../../stores/timeline-view-store.js';
import { useAppStores, useTimelineViewStore } from '../../../stores/stores-context.js';
import { useShortcutLabel } from '../../../commands/shortcuts.js';
import { ZOOM_STEP } from '../editing/use-editor-keyboard.js';

/** The timeline's zoom, labelled, beside its figure in the status bar (the toolbar keeps one row on a laptop). */
export function ZoomControls() {
  const zoom = useTimelineViewStore(selectZoom);
  const stores = useAppStores();
  const shortcutLabel = useShortcutLabel();
  const setZoom = (next: number): void => stores.timelineView.getState().setZoom(next);
  return (
    <span className="zoom-controls" role="group" aria-labelledby="zoom-controls-label">
      <span id="zoom-controls-label">Zoom</span>
      <button
        type="button"
        data-testid="zoom-out"
        title={`Zoom out (${shortcutLabel('zoom-out')})`}
        aria-label="Zoom out"
        onClick={() => setZoom(zoom / ZOOM_STEP)}
      >
        −
      </button>
      <span data-testid="stat-zoom">{Math.round(zoom)} px/s</span>
      <button
        type="button"
        data-testid="zoom-in"
        title={`Zoom in (${shortcutLabel('zoom-in')})`}
        aria-label="Zoom in"
        onClick={() => setZoom(zoom * ZOOM_STEP)}
      >
        +
      </button>
    </span>
  );
}
