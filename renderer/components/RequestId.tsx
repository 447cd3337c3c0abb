import { useState } from 'react';

/** Shows a service request id with a copy button: users quote it to support. */
export function RequestId({ requestId }: { requestId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = (): void => {
    void navigator.clipboard
      .writeText(requestId)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <span className="request-id" data-testid="request-id">
      Request id <code>{requestId}</code>
      <button type="button" className="link-button" onClick={copy} aria-label="Copy request id">
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}
