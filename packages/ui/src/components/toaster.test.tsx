import '../test-setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, toast } from './toaster';

describe('Toaster', () => {
  it('renders the labelled region at the bottom right and shows toasts', async () => {
    render(<Toaster />);
    // Sonner appends the hotkey to the container label.
    const region = screen.getByRole('region', { name: 'Notifications alt+T' });

    act(() => {
      toast('Extraction finished: 12 emails found');
    });
    expect(await screen.findByText('Extraction finished: 12 emails found')).toBeTruthy();

    const list = region.querySelector('[data-sonner-toaster]');
    expect(list?.getAttribute('data-y-position')).toBe('bottom');
    expect(list?.getAttribute('data-x-position')).toBe('right');
  });

  it('moves focus to the notifications on Alt+T', async () => {
    render(<Toaster />);
    act(() => {
      toast('Profile saved');
    });
    await screen.findByText('Profile saved');

    fireEvent.keyDown(document, { altKey: true, code: 'KeyT', key: 't' });
    expect((document.activeElement as HTMLElement | null)?.hasAttribute('data-sonner-toaster')).toBe(true);
  });
});
