import type { IpcErrorData } from '../../common/ipc/errors.js';
import { RequestId } from './RequestId.js';

/** An error in plain words, with the service's request id when there is one (the field it names is shown by the form). */
export function ErrorNotice({ error, testId }: { error: Omit<IpcErrorData, 'field'>; testId?: string }) {
  return (
    <div className="error-notice" role="alert" data-testid={testId ?? 'error-notice'}>
      <p>{error.message}</p>
      {error.requestId ? <RequestId requestId={error.requestId} /> : null}
    </div>
  );
}
