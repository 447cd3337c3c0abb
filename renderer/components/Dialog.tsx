import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import './dialog.css';

const focusable =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

/**
 * The one modal dialog of the app: focus moves into it (the element marked data-autofocus, else the first
 * control), Tab stays inside, Escape closes it, a click on the backdrop closes it when asked, and focus goes
 * back where it was when it closes, so keyboard users keep their place.
 */
export function Dialog({
  title,
  testId,
  onClose,
  children,
  size = 'normal',
  className,
  headerActions,
  closeOnBackdrop = false,
}: {
  title: ReactNode;
  testId: string;
  onClose(): void;
  children: ReactNode;
  size?: 'normal' | 'wide';
  /** Extra class for the panel, for the dialog's own layout. */
  className?: string;
  /** Controls shown beside the title (a Close button). */
  headerActions?: ReactNode;
  closeOnBackdrop?: boolean;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const first =
      root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>(focusable);
    first?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    // The page's own shortcuts (Enter, Delete, F2, Space) must not act behind an open dialog.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const controls = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const classes = ['dialog', 'card', size === 'wide' ? 'dialog-wide' : '', className ?? ''].filter(Boolean);
  return (
    <div
      className="dialog-backdrop"
      role="presentation"
      onKeyDown={onKeyDown}
      onClick={closeOnBackdrop ? onClose : undefined}
    >
      <div
        ref={panel}
        className={classes.join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          {headerActions}
        </header>
        {children}
      </div>
    </div>
  );
}
