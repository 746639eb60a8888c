import '../test-setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Progress } from './progress';

describe('Progress', () => {
  it('exposes its value through aria attributes and the indicator position', () => {
    const { rerender } = render(<Progress value={40} aria-label="Extraction progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Extraction progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('data-state')).toBe('loading');
    const indicator = bar.querySelector<HTMLElement>('[data-slot="progress-indicator"]');
    expect(indicator?.style.transform).toBe('translateX(-60%)');

    rerender(<Progress value={100} aria-label="Extraction progress" />);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('data-state')).toBe('complete');
    expect(indicator?.style.transform).toBe('translateX(-0%)');
  });

  it('scales a value against a custom max (n of total accounts)', () => {
    render(<Progress value={3} max={12} aria-label="Accounts processed" />);
    const bar = screen.getByRole('progressbar', { name: 'Accounts processed' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('12');
    expect(bar.querySelector<HTMLElement>('[data-slot="progress-indicator"]')?.style.transform).toBe(
      'translateX(-75%)',
    );
  });

  it('has no current value while indeterminate', () => {
    render(<Progress value={null} aria-label="Preparing" />);
    const bar = screen.getByRole('progressbar', { name: 'Preparing' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('data-state')).toBe('indeterminate');
  });
});
