import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { SegmentUpdate } from '../../common/generation/segment-updates.js';

export interface SegmentAudio {
  mediaPath: string;
  durationMs: number;
}

export interface GenerationState {
  /** Content hash → the job generating it now. */
  pending: Readonly<Record<string, string>>;
  /** Content hash → where its audio plays (for preview). */
  audio: Readonly<Record<string, SegmentAudio>>;
  receive(segments: readonly SegmentUpdate[]): void;
}

/** What main reported about generated segments, by content hash: jobs on their way, and playable audio. */
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
              audio[segment.contentHash] = {
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
  }));

export const selectPendingHashes = (state: GenerationState): Readonly<Record<string, string>> =>
  state.pending;
export const selectSegmentAudio = (state: GenerationState): Readonly<Record<string, SegmentAudio>> =>
  state.audio;
