import { useState } from 'react';

/** A labelled value (an id) with a button that copies it: users paste ids into support mails and other apps. */
export function CopyableValue({
  label,
  value,
  testId,
  title,
}: {
  label: string;
  value: string;
  testId: string;
  /** What the value is for, shown on hover. */
  title?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = (): void => {
    void navigator.clipboard
      .writeText(value)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <span className="copyable-value" data-testid={testId} title={title}>
      {label} <code>{value}</code>
      <button type="button" className="link-button" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}
