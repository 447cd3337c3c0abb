import { useState } from 'react';
import type { PassthroughBlockPatch } from '../../../../common/project/block-edits.js';
import { PROJECT_LIMITS } from '../../../../common/project/project-limits.js';
import { FieldRow } from '../inspector/inspector-fields.js';
import type { BlockPatcher } from '../inspector/TextBlockInspector.js';

/**
 * "Starts a chapter": a title makes this speech block the first of a chapter (the navigator lists it); clearing
 * it removes the mark. Studio-only, so it never makes audio stale.
 */
export function ChapterTitleField({
  blockId,
  value,
  disabled,
  patch,
}: {
  blockId: string;
  value: string | undefined;
  disabled: boolean;
  patch: BlockPatcher<PassthroughBlockPatch>;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  if (seen !== value) {
    // Changed elsewhere (undo, another block): show the document's value.
    setSeen(value);
    setDraft(value ?? '');
    setProblem(null);
  }
  const onChange = (text: string): void => {
    setDraft(text);
    const title = text.trim() === '' ? undefined : text.trim();
    const result = patch({ chapterTitle: title }, `${blockId}:chapterTitle`);
    if (result.ok) {
      setSeen(title);
      setProblem(null);
    } else {
      setProblem(result.error.message);
    }
  };
  const id = `${blockId}-chapter`;
  return (
    <FieldRow
      label="Starts a chapter"
      field="chapterTitle"
      controlId={id}
      hint="Give a title to begin a chapter at this block; leave it empty for none."
    >
      <input
        id={id}
        type="text"
        data-testid="field-chapterTitle"
        value={draft}
        maxLength={PROJECT_LIMITS.title}
        placeholder="No chapter starts here"
        disabled={disabled}
        aria-invalid={problem === null ? undefined : true}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem === null ? null : (
        <span className="field-error" role="alert" data-testid="field-chapterTitle-problem">
          {problem}
        </span>
      )}
    </FieldRow>
  );
}
