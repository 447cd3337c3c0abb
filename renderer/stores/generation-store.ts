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
export const selectSegmentAudio = (state: GenerationState): Readonly<Record<string, SegmentAudio>> =>
  state.audio;
