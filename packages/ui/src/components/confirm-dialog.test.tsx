import '../test-setup';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

const dialog = (onConfirm: () => void, onOpenChange?: (open: boolean) => void, open?: boolean) => (
  <ConfirmDialog
    trigger={<Button>Delete Account</Button>}
    open={open}
    onOpenChange={onOpenChange}
    title="Delete your account?"
    description="This cannot be undone."
    cancelLabel="Keep it"
    confirmLabel="Delete permanently"
    onConfirm={onConfirm}
  />
);

describe('ConfirmDialog', () => {
  it('opens from its trigger with the question, and confirms only on the action', () => {
    const onConfirm = vi.fn();
    render(dialog(onConfirm));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const shown = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(shown.textContent).toContain('This cannot be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete permanently' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel without confirming', () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(dialog(onConfirm, onOpenChange, true));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
