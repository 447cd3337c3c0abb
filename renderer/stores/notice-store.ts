import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { PlatformNotice } from '../../common/ipc/contract.js';
import type { IpcErrorData } from '../../common/ipc/errors.js';
import { IpcError } from '../../common/ipc/errors.js';

export interface Toast {
  id: number;
  tone: 'info' | 'error';
  title: string;
  body?: string;
  requestId?: string;
  /** How many times the same notice arrived; repeats collapse into one toast. */
  count: number;
  /** One thing to do about it ("Select them"): the toast goes once it is done. */
  action?: ToastAction;
  /**
   * What the toast is about, when a later event makes it stale: a newer one of the same topic replaces it, and
   * dismissTopic removes it (Generate's "Nothing was sent" goes when the user generates again).
   */
  topic?: string;
}

export interface ToastAction {
  label: string;
  run(): void;
}

/** Information goes away by itself after this long (refreshed by a repeat); errors stay until dismissed. */
export const INFO_TOAST_MS = 6_000;
// Toasts kept at most (the oldest go first): the list is for what is current, not a log.
const MAX_TOASTS = 30;

export interface NoticeState {
  toasts: Toast[];
  /** Taskbar-style progress the browser shell shows in the page (Electron shows it on the dock/taskbar). */
  progress: number | null;
  receive(notice: PlatformNotice): void;
  showError(error: unknown): void;
  /** An error about the user's work with a way to it (it stays until dismissed or acted on). */
  showProblem(problem: { title: string; body?: string; action?: ToastAction; topic?: string }): void;
  dismiss(id: number): void;
  /** Removes the toasts of a topic: what they said no longer holds. */
  dismissTopic(topic: string): void;
  dismissAll(): void;
}

export function createNoticeStore(): StoreApi<NoticeState> {
  let nextToastId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  return createStore<NoticeState>()((set, get) => {
    const forget = (id: number): void => {
      clearTimeout(timers.get(id));
      timers.delete(id);
    };
    /** Adds a toast, or brings an identical one back to the end with its count raised. */
    const show = (toast: Omit<Toast, 'id' | 'count'>): void => {
      // A newer toast of the same topic replaces an older one that says something else.
      if (toast.topic !== undefined) {
        const stale = get().toasts.filter(
          (existing) =>
            existing.topic === toast.topic &&
            (existing.title !== toast.title || existing.body !== toast.body),
        );
        for (const old of stale) get().dismiss(old.id);
      }
      const same = get().toasts.find(
        (existing) =>
          existing.tone === toast.tone &&
          existing.title === toast.title &&
          existing.body === toast.body &&
          existing.requestId === toast.requestId,
      );
      const shown: Toast = same
        ? { ...same, count: same.count + 1 }
        : { ...toast, id: nextToastId++, count: 1 };
      const others = get().toasts.filter((existing) => existing.id !== shown.id);
      const kept = [...others, shown].slice(-MAX_TOASTS);
      for (const dropped of others.filter((existing) => !kept.includes(existing))) forget(dropped.id);
      set({ toasts: kept });
      if (shown.tone !== 'info') return;
      forget(shown.id);
      timers.set(
        shown.id,
        setTimeout(() => get().dismiss(shown.id), INFO_TOAST_MS),
      );
    };
    return {
      toasts: [],
      progress: null,
      receive: (notice) => {
        switch (notice.kind) {
          case 'notification':
            show({ tone: 'info', title: notice.title ?? '', ...(notice.body ? { body: notice.body } : {}) });
            return;
          case 'progress':
            set({ progress: notice.progress ?? null });
            return;
          default: {
            const exhaustive: never = notice.kind;
            throw new Error(`Unhandled notice ${String(exhaustive)}`);
          }
        }
      },
      showError: (error) => {
        const data = errorData(error);
        show({
          tone: 'error',
          title: data.message,
          ...(data.requestId ? { requestId: data.requestId } : {}),
        });
      },
      showProblem: ({ title, body, action, topic }) =>
        show({
          tone: 'error',
          title,
          ...(body ? { body } : {}),
          ...(action ? { action } : {}),
          ...(topic === undefined ? {} : { topic }),
        }),
      dismiss: (id) => {
        forget(id);
        set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
      },
      dismissTopic: (topic) => {
        for (const toast of get().toasts) if (toast.topic === topic) forget(toast.id);
        set((state) => ({ toasts: state.toasts.filter((toast) => toast.topic !== topic) }));
      },
      dismissAll: () => {
        for (const id of timers.keys()) forget(id);
        set({ toasts: [] });
      },
    };
  });
}

export function errorData(error: unknown): IpcErrorData {
  if (error instanceof IpcError) return error.data;
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

export const selectToasts = (state: NoticeState): Toast[] => state.toasts;
export const selectProgress = (state: NoticeState): number | null => state.progress;
