import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { SegmentUpdate } from '../../common/generation/segment-updates.js';
import type { TakeMedia } from '../../common/ipc/output-methods.js';

export interface SegmentAudio {
  mediaPath: string;
  durationMs: number;
}

export interface GenerationState {
  /** Content hash → the job generating it now. */
  pending: Readonly<Record<string, string>>;
  /** Audio cache key (a take) → where its audio plays (for preview and listening to takes). */
  audio: Readonly<Record<string, SegmentAudio>>;
  receive(segments: readonly SegmentUpdate[]): void;
  /** Where the takes of an opened project play (main's answer to generation.media). */
  receiveMedia(media: readonly TakeMedia[]): void;
  /** The generation being watched in the editor: which blocks it covers and when it began. */
  run: GenerationRun | null;
  /** Adds blocks now on their way to the run (starting one if none is watched). */
  joinRun(blockIds: readonly string[], now: number): void;
  endRun(): void;
}

export interface GenerationRun {
  startedAt: number;
  blockIds: readonly string[];
}

/** What main reported about generated segments: jobs on their way (by content hash), playable audio (by take). */
export const createGenerationStore = (): StoreApi<GenerationState> =>
  createStore<GenerationState>()((set) => ({
    pending: {},
    audio: {},
    receive: (segments) =>
      set((state) => {
        const pending = { ...state.pending };
        const audio = { ...state.audio };
        for (const segment of segments) {
          switch (segment.state) {
            case 'pending':
              pending[segment.contentHash] = segment.jobId;
              break;
            case 'generated':
              delete pending[segment.contentHash];
              audio[segment.audio.cacheKey] = {
                mediaPath: segment.audio.mediaPath,
                durationMs: segment.audio.durationMs,
              };
              break;
            case 'failed':
            case 'cancelled':
              delete pending[segment.contentHash];
              break;
            default: {
              const exhaustive: never = segment;
              return exhaustive;
            }
          }
        }
        return { pending, audio };
      }),
    run: null,
    joinRun: (blockIds, now) =>
      set((state) => {
        const known = new Set(state.run?.blockIds ?? []);
        const added = blockIds.filter((id) => !known.has(id));
        if (state.run !== null && added.length === 0) return {};
        return {
          run: {
            startedAt: state.run?.startedAt ?? now,
            blockIds: [...(state.run?.blockIds ?? []), ...added],
          },
        };
      }),
    endRun: () => set({ run: null }),
    receiveMedia: (media) =>
      set((state) => {
        if (media.length === 0) return {};
        const audio = { ...state.audio };
        for (const item of media)
          audio[item.cacheKey] = { mediaPath: item.mediaPath, durationMs: item.durationMs };
        return { audio };
      }),
  }));

export const selectPendingHashes = (state: GenerationState): Readonly<Record<string, string>> =>
  state.pending;
export const selectGenerationRun = (state: GenerationState): GenerationRun | null => state.run;
export const selectSegmentAudio = (state: GenerationState): Readonly<Record<string, SegmentAudio>> =>
  state.audio;
