import { useState } from 'react';
import { formatTimecode, parseTimecode } from '../../../../common/project/timecode.js';
import type { EditResult } from '../../../stores/document-store.js';
import { DraftInput } from './inspector-fields.js';

/**
 * A time typed as m:ss.mmm (or seconds), committed on Enter or when the box is left, so "1:0" half typed never
 * moves the line; a time that does not read, or an edit refused, shows under the box without touching the
 * document.
 */
export function TimecodeInput({
  id,
  value,
  onCommit,
  allowEmpty = false,
  testId,
  disabled,
  placeholder,
}: {
  id?: string;
  value: number | undefined;
  onCommit(value: number | undefined): EditResult;
  allowEmpty?: boolean;
  testId: string;
  disabled: boolean;
  placeholder?: string;
}) {
  const shown = value === undefined ? '' : formatTimecode(value);
  const [draft, setDraft] = useState(shown);
  const [seen, setSeen] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  if (seen !== shown) {
    // Moved elsewhere (a drag, undo): show the document's time.
    setSeen(shown);
    setDraft(shown);
    setProblem(null);
  }
  const commit = (): void => {
    const trimmed = draft.trim();
    if (trimmed === '') {
      if (!allowEmpty) {
        setProblem('A time is required.');
        return;
      }
      if (value === undefined) return;
      const result = onCommit(undefined);
      setProblem(result.ok ? null : result.error.message);
      return;
    }
    const parsed = parseTimecode(trimmed);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    if (parsed.ms === value) {
      setDraft(shown);
      setProblem(null);
      return;
    }
    const result = onCommit(parsed.ms);
    setProblem(result.ok ? null : result.error.message);
  };
  return (
    <DraftInput
      id={id}
      testId={testId}
      draft={draft}
      problem={problem}
      disabled={disabled}
      placeholder={placeholder}
      onDraft={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
