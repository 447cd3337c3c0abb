import { useState } from 'react';
import { selectProgress, selectToasts } from '../stores/notice-store.js';
import { RequestId } from './RequestId.js';
import { useNoticeStore } from '../stores/stores-context.js';

/** Toasts shown at once; older ones wait behind an "n more" button instead of covering the page. */
export const MAX_VISIBLE_TOASTS = 3;

/**
 * In-app notifications and progress (the browser shell's equivalent of OS notifications and taskbar progress).
 * Information goes away by itself after a few seconds and errors stay (notice-store.ts); a repeated notice shows
 * once with its count; only the newest three are shown until the user asks for the rest.
 */
export function Toasts() {
  const toasts = useNoticeStore(selectToasts);
  const progress = useNoticeStore(selectProgress);
  const dismiss = useNoticeStore((state) => state.dismiss);
  const dismissAll = useNoticeStore((state) => state.dismissAll);
  const [expanded, setExpanded] = useState(false);
  const hidden = expanded ? 0 : Math.max(0, toasts.length - MAX_VISIBLE_TOASTS);
  return (
    <div className="toasts" aria-live="polite">
      {progress !== null ? (
        <progress className="global-progress" value={progress} max={1} aria-label="Overall progress" />
      ) : null}
      {toasts.length > 1 ? (
        <div className="toasts-controls">
          {hidden > 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => setExpanded(true)}
              data-testid="toasts-more"
            >
              {hidden} more
            </button>
          ) : null}
          {expanded && toasts.length > MAX_VISIBLE_TOASTS ? (
            <button type="button" className="link-button" onClick={() => setExpanded(false)}>
              Show fewer
            </button>
          ) : null}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setExpanded(false);
              dismissAll();
            }}
            data-testid="toasts-dismiss-all"
          >
            Dismiss all
          </button>
        </div>
      ) : null}
      {toasts.slice(hidden).map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div>
            <strong>{toast.title}</strong>
            {toast.count > 1 ? (
              <span className="toast-count" data-testid="toast-count" aria-label={`${toast.count} times`}>
                {' '}
                ×{toast.count}
              </span>
            ) : null}
            {toast.body ? <p>{toast.body}</p> : null}
            {toast.requestId ? <RequestId requestId={toast.requestId} /> : null}
            {toast.action ? (
              <button
                type="button"
                data-testid="toast-action"
                onClick={() => {
                  toast.action?.run();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label}
              </button>
            ) : null}
          </div>
          <button
            type="button"
            className="link-button"
            onClick={() => dismiss(toast.id)}
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
