import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import type { ProjectViolation } from '../../../../common/project/project-validation.js';
import type { EditResult } from '../../../stores/document-store.js';

/*
 * Small form controls of the inspector. Each keeps what the user is typing locally (so "1." or "-" mid-typing is
 * not lost or refused) and commits a parsed value; a refused edit or a value that is not a number shows under
 * the control without touching the document.
 */

/** A violation's message without the block label the project-wide list needs ("Speech block 3 (…): "). */
function inlineMessage(violation: ProjectViolation): string {
  const prefix = `${violation.blockLabel}: `;
  return violation.message.startsWith(prefix) ? violation.message.slice(prefix.length) : violation.message;
}

export function FieldRow({
  label,
  field,
  violations = [],
  hint,
  children,
  controlId,
}: {
  label: string;
  field: string;
  violations?: readonly ProjectViolation[];
  hint?: ReactNode;
  children: ReactNode;
  controlId?: string;
}) {
  const mine = violations.filter((violation) => violation.field === field);
  return (
    <div className="field inspector-field" data-field={field}>
      <label htmlFor={controlId}>{label}</label>
      {children}
      {hint === undefined ? null : <span className="hint">{hint}</span>}
      {mine.map((violation) => (
        <span
          key={`${violation.rule}:${violation.path}`}
          className="field-error"
          role="alert"
          data-testid={`violation-${field}`}
        >
          {inlineMessage(violation)}
        </span>
      ))}
    </div>
  );
}

function formatNumber(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}

export function NumberInput({
  id,
  value,
  onCommit,
  allowEmpty = false,
  integer = false,
  testId,
  disabled = false,
  placeholder,
}: {
  id?: string;
  value: number | undefined;
  onCommit(value: number | undefined): EditResult;
  allowEmpty?: boolean;
  integer?: boolean;
  testId: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(formatNumber(value));
  const [seen, setSeen] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  if (seen !== value) {
    // Changed elsewhere (undo, another control): show the document's value.
    setSeen(value);
    setDraft(formatNumber(value));
    setProblem(null);
  }
  const commit = (next: number | undefined): void => {
    const result = onCommit(next);
    if (result.ok) {
      setSeen(next);
      setProblem(null);
    } else {
      setProblem(result.error.message);
    }
  };
  const onChange = (text: string): void => {
    setDraft(text);
    const trimmed = text.trim();
    if (trimmed === '') {
      if (allowEmpty) commit(undefined);
      else setProblem('A value is required.');
      return;
    }
    const parsed = Number(trimmed.replace(',', '.'));
    if (!Number.isFinite(parsed)) setProblem('Type a number.');
    else if (integer && !Number.isInteger(parsed)) setProblem('Type a whole number.');
    else commit(parsed);
  };
  return (
    <DraftInput
      id={id}
      testId={testId}
      draft={draft}
      problem={problem}
      disabled={disabled}
      placeholder={placeholder}
      onDraft={onChange}
    />
  );
}

/**
 * A typed value's box and, under it, why it was not taken: the box is marked invalid and described by that
 * sentence, so a screen reader reads the rule with the field it belongs to.
 */
export function DraftInput({
  id,
  testId,
  draft,
  problem,
  disabled,
  placeholder,
  onDraft,
  onBlur,
  onKeyDown,
}: {
  id?: string | undefined;
  testId: string;
  draft: string;
  problem: string | null;
  disabled: boolean;
  placeholder?: string | undefined;
  onDraft(text: string): void;
  onBlur?(): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}) {
  const problemId = useId();
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        data-testid={testId}
        value={draft}
        disabled={disabled}
        placeholder={placeholder}
        aria-invalid={problem === null ? undefined : true}
        aria-describedby={problem === null ? undefined : problemId}
        onChange={(event) => onDraft(event.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      {problem === null ? null : (
        <span id={problemId} className="field-error" role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </span>
      )}
    </>
  );
}

/** A service switch the block may leave unset ("service default"), turn on or turn off. */
export function TriStateSelect({
  id,
  value,
  onCommit,
  testId,
  disabled,
}: {
  id?: string;
  value: boolean | undefined;
  onCommit(value: boolean | undefined): void;
  testId: string;
  disabled: boolean;
}) {
  return (
    <select
      id={id}
      data-testid={testId}
      value={value === undefined ? '' : String(value)}
      disabled={disabled}
      onChange={(event) => onCommit(event.target.value === '' ? undefined : event.target.value === 'true')}
    >
      <option value="">Not sent (service default)</option>
      <option value="true">On</option>
      <option value="false">Off</option>
    </select>
  );
}

/** A choice from a list that still shows a value outside it (from a file), so validation can point at it. */
export function ListSelect({
  id,
  value,
  options,
  onCommit,
  testId,
  disabled,
}: {
  id?: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onCommit(value: string): void;
  testId: string;
  disabled: boolean;
}) {
  const known = options.some((option) => option.value === value);
  return (
    <select
      id={id}
      data-testid={testId}
      value={value}
      disabled={disabled}
      onChange={(event) => onCommit(event.target.value)}
    >
      {known ? null : <option value={value}>{value === '' ? '(none)' : `${value} (not in the list)`}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A text parameter that falls back to the project default when the block leaves it unset. Unchecking "Project
 * default" starts the override from the default's value, so nothing changes until the user edits it.
 */
export function DefaultableField({
  label,
  field,
  usesDefault,
  defaultText,
  defaultLabel = 'Project default',
  onUseDefault,
  onOverride,
  violations,
  disabled,
  hint,
  children,
}: {
  label: string;
  field: string;
  usesDefault: boolean;
  defaultText: string;
  /** Where the inherited value comes from: "Project default", or the speaker's ("As Bruno (cast)"). */
  defaultLabel?: string;
  onUseDefault(): void;
  onOverride(): void;
  violations: readonly ProjectViolation[];
  disabled: boolean;
  hint?: ReactNode;
  children: (controlId: string) => ReactNode;
}) {
  const controlId = useId();
  return (
    <FieldRow label={label} field={field} violations={violations} hint={hint} controlId={controlId}>
      <label className="default-toggle">
        <input
          type="checkbox"
          data-testid={`use-default-${field}`}
          checked={usesDefault}
          disabled={disabled}
          onChange={(event) => (event.target.checked ? onUseDefault() : onOverride())}
        />
        {defaultLabel}
      </label>
      {usesDefault ? (
        <span className="default-value" id={controlId} data-testid={`default-value-${field}`}>
          {defaultText}
        </span>
      ) : (
        children(controlId)
      )}
    </FieldRow>
  );
}
