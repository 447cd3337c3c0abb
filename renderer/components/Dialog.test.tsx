import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog.js';

function Page({ onClose, closeOnBackdrop = false }: { onClose?: () => void; closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = (): void => {
    onClose?.();
    setOpen(false);
  };
  return (
    <div onKeyDown={(event) => event.key === 'Delete' && document.body.setAttribute('data-deleted', 'yes')}>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Rename" testId="dialog" onClose={close} closeOnBackdrop={closeOnBackdrop}>
          <input data-testid="name" />
          <button type="button" data-testid="save" data-autofocus>
            Save
          </button>
          <button type="button" data-testid="cancel" onClick={close}>
            Cancel
          </button>
        </Dialog>
      ) : null}
    </div>
  );
}

function openDialog(): HTMLElement {
  const opener = screen.getByTestId('opener');
  opener.focus();
  fireEvent.click(opener);
  return screen.getByTestId('dialog');
}

afterEach(() => {
  cleanup();
  document.body.removeAttribute('data-deleted');
});

describe('Dialog', () => {
  it('is a labelled modal dialog that focuses the marked control first', () => {
    render(<Page />);
    const dialog = openDialog();
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByTestId('save'));
  });

  it('closes on Escape and gives focus back to the control that opened it', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    openDialog();
    fireEvent.keyDown(screen.getByTestId('name'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('opener'));
  });

  it('keeps Tab inside, both ways', () => {
    render(<Page />);
    openDialog();
    screen.getByTestId('cancel').focus();
    fireEvent.keyDown(screen.getByTestId('cancel'), { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByTestId('name'));
    fireEvent.keyDown(screen.getByTestId('name'), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByTestId('cancel'));
  });

  it('keeps the page behind from acting on keys typed in the dialog', () => {
    render(<Page />);
    openDialog();
    fireEvent.keyDown(screen.getByTestId('name'), { key: 'Delete' });
    expect(document.body.getAttribute('data-deleted')).toBeNull();
  });

  it('closes on a backdrop click only when asked to, never on a click inside', () => {
    const onClose = vi.fn();
    const { unmount } = render(<Page onClose={onClose} />);
    let dialog = openDialog();
    fireEvent.click(dialog.parentElement!);
    expect(onClose).not.toHaveBeenCalled();
    unmount();
    render(<Page onClose={onClose} closeOnBackdrop />);
    dialog = openDialog();
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
