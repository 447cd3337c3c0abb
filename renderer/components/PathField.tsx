import type { ReactNode } from 'react';

/**
 * A labelled place on disk with its Choose… button beside it, where the export dialog and the batch ask where
 * files go. `children` is the path's own input.
 */
export function PathField({
  label,
  chooseTestId,
  disabled,
  onChoose,
  children,
}: {
  label: string;
  chooseTestId: string;
  disabled?: boolean;
  onChoose(): void;
  children: ReactNode;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <div className="path-row">
        {children}
        <button type="button" data-testid={chooseTestId} disabled={disabled} onClick={onChoose}>
          Choose…
        </button>
      </div>
    </label>
  );
}
