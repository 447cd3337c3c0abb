import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcError } from '../../common/ipc/errors.js';
import { createNoticeStore, INFO_TOAST_MS } from './notice-store.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const notification = (title: string, body?: string) => ({
  kind: 'notification' as const,
  title,
  ...(body === undefined ? {} : { body }),
});

describe('notice store', () => {
  it('replaces a problem by a newer one of its topic and removes a topic’s problems on request', () => {
    const notices = createNoticeStore();
    const refusal = (title: string) => notices.getState().showProblem({ title, topic: 'refused' });
    refusal('Nothing was sent: 3 blocks need fixing first');
    notices.getState().showProblem({ title: 'Another problem' });
    refusal('Nothing was sent: 1 block needs fixing first');
    expect(notices.getState().toasts.map((toast) => toast.title)).toEqual([
      'Another problem',
      'Nothing was sent: 1 block needs fixing first',
    ]);
    notices.getState().dismissTopic('refused');
    expect(notices.getState().toasts.map((toast) => toast.title)).toEqual(['Another problem']);
  });

  it('lets information go by itself after a few seconds and keeps errors until dismissed', () => {
    const notices = createNoticeStore();
    notices.getState().receive(notification('Generation task finished', '649 characters'));
    notices
      .getState()
      .showError(new IpcError({ code: 'SERVICE_ERROR', message: 'The service refused the task.' }));
    vi.advanceTimersByTime(INFO_TOAST_MS - 1);
    expect(notices.getState().toasts.map((toast) => toast.tone)).toEqual(['info', 'error']);
    vi.advanceTimersByTime(1);
    expect(notices.getState().toasts.map((toast) => toast.title)).toEqual(['The service refused the task.']);
    vi.advanceTimersByTime(10 * INFO_TOAST_MS);
    expect(notices.getState().toasts).toHaveLength(1);
    notices.getState().dismiss(notices.getState().toasts[0]!.id);
    expect(notices.getState().toasts).toEqual([]);
  });

  it('collapses a repeated notice into one toast with its count, at the end, its time restarted', () => {
    const notices = createNoticeStore();
    notices.getState().receive(notification('Generation task finished', '649 characters'));
    notices.getState().receive(notification('Export finished'));
    vi.advanceTimersByTime(INFO_TOAST_MS / 2);
    notices.getState().receive(notification('Generation task finished', '649 characters'));
    notices.getState().receive(notification('Generation task finished', '649 characters'));
    const toasts = notices.getState().toasts;
    expect(toasts.map((toast) => [toast.title, toast.count])).toEqual([
      ['Export finished', 1],
      ['Generation task finished', 3],
    ]);
    vi.advanceTimersByTime(INFO_TOAST_MS / 2);
    expect(notices.getState().toasts.map((toast) => toast.title)).toEqual(['Generation task finished']);
    // Another body is another notice.
    notices.getState().receive(notification('Generation task finished', '12 characters'));
    expect(notices.getState().toasts).toHaveLength(2);
  });

  it('collapses the same error too, and dismisses everything at once', () => {
    const notices = createNoticeStore();
    for (let index = 0; index < 37; index += 1)
      notices.getState().showError(new Error('No voice is chosen for this block.'));
    expect(notices.getState().toasts).toMatchObject([{ count: 37, tone: 'error' }]);
    notices.getState().receive(notification('Saved'));
    notices.getState().dismissAll();
    expect(notices.getState().toasts).toEqual([]);
    vi.advanceTimersByTime(INFO_TOAST_MS);
    expect(notices.getState().toasts).toEqual([]);
  });
});
