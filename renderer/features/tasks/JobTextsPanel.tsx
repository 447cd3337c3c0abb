import { useEffect, useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { JobTexts } from '../../../common/jobs/job-texts.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores } from '../../stores/stores-context.js';
import { formatCount } from '../../shared/format.js';

/**
 * The texts a task sent, as main keeps them with the job (across restarts), to check against the service's own
 * records: a task whose answer was lost can only be recognised there by what it said. Copied one text per
 * paragraph, in the order sent.
 */
export function JobTextsPanel({ jobId }: { jobId: string }) {
  const stores = useAppStores();
  const [texts, setTexts] = useState<JobTexts | null>(null);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let current = true;
    stores.client.invoke('jobs.texts', { id: jobId }).then(
      (answer) => {
        if (current) setTexts(answer);
      },
      (caught: unknown) => {
        if (current) setError(errorData(caught));
      },
    );
    return () => {
      current = false;
    };
  }, [stores, jobId]);

  if (error) return <ErrorNotice error={error} testId="job-texts-error" />;
  if (texts === null) return <p className="hint">Loading its texts…</p>;
  const copy = (): void => {
    void navigator.clipboard
      .writeText(texts.texts.map(({ text }) => text).join('\n\n'))
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <div className="job-texts" data-testid="job-texts">
      <p className="hint">
        {formatCount(texts.texts.length)} text{texts.texts.length === 1 ? '' : 's'} as sent (pronunciation
        rules applied), {formatCount(texts.characters)} characters, ≈ {formatCount(texts.credits)} credits{' '}
        <button type="button" className="link-button" data-testid="job-texts-copy" onClick={copy}>
          {copied ? 'Copied' : 'Copy texts'}
        </button>
      </p>
      <ol className="job-texts-list">
        {texts.texts.map(({ type, text }, index) => (
          <li key={index}>
            {type === 'text' ? null : <span className="hint">({type}) </span>}
            {text}
          </li>
        ))}
      </ol>
    </div>
  );
}
