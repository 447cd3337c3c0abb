import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { TimbreClient } from '../../common/ipc/api.js';
import { errorData } from './notice-store.js';

/*
 * Where the open project's reference video plays from, as main answers it (`video.status`): its URL on the app's
 * own origin, or why it cannot be played (moved, deleted, or never chosen on this machine). Kept apart from the
 * document: it is this machine's answer about a file, not part of the project, and the panel and the thumbnail
 * strip both read it from one question to main.
 */

export type VideoSource =
  | { state: 'none' }
  | { state: 'checking'; path: string }
  | { state: 'ok'; path: string; url: string }
  | { state: 'missing' | 'not-granted'; path: string; message: string }
  | { state: 'failed'; path: string; message: string };

export interface VideoSourceState {
  source: VideoSource;
  /** Asks main whether the video at `path` plays (once per path; again with `force`); undefined: no video. */
  check(path: string | undefined, options?: { force?: boolean }): Promise<void>;
  /** Main just probed a file the user chose: it plays from `url`. */
  chosen(path: string, url: string): void;
}

const NONE: VideoSource = { state: 'none' };

export const createVideoSourceStore = (client: TimbreClient): StoreApi<VideoSourceState> =>
  createStore<VideoSourceState>()((set, get) => ({
    source: NONE,
    chosen: (path, url) => set({ source: { state: 'ok', path, url } }),
    check: async (path, options = {}) => {
      const current = get().source;
      if (path === undefined) {
        if (current.state !== 'none') set({ source: NONE });
        return;
      }
      if (current.state !== 'none' && current.path === path && options.force !== true) return;
      set({ source: { state: 'checking', path } });
      let next: VideoSource;
      try {
        const answer = await client.invoke('video.status', { path });
        next =
          answer.status === 'ok'
            ? { state: 'ok', path, url: answer.url }
            : { state: answer.status, path, message: answer.message };
      } catch (caught) {
        next = { state: 'failed', path, message: errorData(caught).message };
      }
      // Another video was set (or asked about) meanwhile: this answer is about a file no longer in question.
      const now = get().source;
      if (now.state === 'checking' && now.path === path) set({ source: next });
    },
  }));

export const selectVideoSource = (state: VideoSourceState): VideoSource => state.source;
/** The URL the video plays from, or null while it cannot play. */
export const selectVideoUrl = (state: VideoSourceState): string | null =>
  state.source.state === 'ok' ? state.source.url : null;
