import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('announces what failed and asks again on Try again', () => {
    const onRetry = vi.fn();
    render(<LoadFailed onRetry={onRetry}>The plans could not be loaded.</LoadFailed>);
    expect(screen.getByRole('alert').textContent).toContain('The plans could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
