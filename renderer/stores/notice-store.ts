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
}

export interface NoticeState {
  toasts: Toast[];
  /** Taskbar-style progress the browser shell shows in the page (Electron shows it on the dock/taskbar). */
  progress: number | null;
  receive(notice: PlatformNotice): void;
  showError(error: unknown): void;
  dismiss(id: number): void;
}

export function createNoticeStore(): StoreApi<NoticeState> {
  let nextToastId = 1;
  return createStore<NoticeState>()((set) => ({
    toasts: [],
    progress: null,
    receive: (notice) => {
      switch (notice.kind) {
        case 'notification':
          set((state) => ({
            toasts: [
              ...state.toasts,
              { id: nextToastId++, tone: 'info', title: notice.title ?? '', body: notice.body },
            ],
          }));
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
      set((state) => ({
        toasts: [
          ...state.toasts,
          {
            id: nextToastId++,
            tone: 'error',
            title: data.message,
            ...(data.requestId ? { requestId: data.requestId } : {}),
          },
        ],
      }));
    },
    dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  }));
}

export function errorData(error: unknown): IpcErrorData {
  if (error instanceof IpcError) return error.data;
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

export const selectToasts = (state: NoticeState): Toast[] => state.toasts;
export const selectProgress = (state: NoticeState): number | null => state.progress;
