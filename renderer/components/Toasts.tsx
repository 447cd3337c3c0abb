import { selectProgress, selectToasts } from '../stores/notice-store.js';
import { RequestId } from './RequestId.js';
import { useNoticeStore } from '../stores/stores-context.js';

/** In-app notifications and progress (the browser shell's equivalent of OS notifications and taskbar progress). */
export function Toasts() {
  const toasts = useNoticeStore(selectToasts);
  const progress = useNoticeStore(selectProgress);
  const dismiss = useNoticeStore((state) => state.dismiss);
  return (
    <div className="toasts" aria-live="polite">
      {progress !== null ? (
        <progress className="global-progress" value={progress} max={1} aria-label="Overall progress" />
      ) : null}
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div>
            <strong>{toast.title}</strong>
            {toast.body ? <p>{toast.body}</p> : null}
            {toast.requestId ? <RequestId requestId={toast.requestId} /> : null}
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
