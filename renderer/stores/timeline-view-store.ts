import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';

/*
 * Where the user is looking in the open project: the playhead and the timeline's zoom. Neither is part of the
 * document (not saved, not undoable), and the playhead moves every frame during playback, so they live apart
 * from the document store: its subscribers (autosave, the followed project) stay asleep while audio plays.
 */

export const ZOOM_LIMITS = { min: 1, max: 400, initial: 40 } as const;

export interface TimelineViewState {
  playheadMs: number;
  /** Timeline scale in pixels per second; kept when another project is opened. */
  zoom: number;
  /** The preview is playing: the script follows the block under the playhead. */
  previewing: boolean;
  setPlayhead(ms: number): void;
  setZoom(pixelsPerSecond: number): void;
  setPreviewing(previewing: boolean): void;
}

export const createTimelineViewStore = (): StoreApi<TimelineViewState> =>
  createStore<TimelineViewState>()((set) => ({
    playheadMs: 0,
    zoom: ZOOM_LIMITS.initial,
    previewing: false,
    setPreviewing: (previewing) => set({ previewing }),
    setPlayhead: (ms) => set({ playheadMs: Math.max(0, ms) }),
    setZoom: (pixelsPerSecond) =>
      set({ zoom: Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, pixelsPerSecond)) }),
  }));

export const selectPlayheadMs = (state: TimelineViewState): number => state.playheadMs;
export const selectZoom = (state: TimelineViewState): number => state.zoom;
