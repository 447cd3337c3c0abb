import { create } from 'zustand';
import type { PlayingClip } from '../../shared/clip-player.js';
import { playClip } from '../../shared/clip-player.js';

interface SamplePlayerState {
  /** The sample URL playing now, if any. */
  playing: string | null;
  error: string | null;
  toggle(url: string): void;
  stop(): void;
}

let current: PlayingClip | null = null;

/** Plays one voice sample at a time; playing another stops the first. */
export const useSamplePlayer = create<SamplePlayerState>()((set, get) => ({
  playing: null,
  error: null,
  toggle: (url) => {
    const wasPlaying = get().playing === url;
    get().stop();
    if (wasPlaying) return;
    current = playClip(url, {
      onEnd: () => set({ playing: null }),
      onError: (stage, reason) => set({ playing: null, error: `Could not ${stage} the sample: ${reason}` }),
    });
    set({ playing: url, error: null });
  },
  stop: () => {
    current?.stop();
    current = null;
    set({ playing: null });
  },
}));
