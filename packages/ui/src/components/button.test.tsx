import '../test-setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('renders a non-submitting button with the default variant and size', () => {
    render(<Button>Upgrade</Button>);
    const button = screen.getByRole('button', { name: 'Upgrade' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('bg-primary');
    expect(button.className).toContain('h-9');
  });

  it.each([
    ['secondary', 'bg-secondary'],
    ['outline', 'border-input'],
    ['ghost', 'hover:bg-accent'],
    ['destructive', 'bg-destructive'],
    ['link', 'underline-offset-4'],
  ] as const)('renders the %s variant', (variant, expectedClass) => {
    render(<Button variant={variant}>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.className).toContain(expectedClass);
    expect(button.className).not.toContain('bg-primary ');
  });

  it.each([
    ['sm', 'h-8'],
    ['lg', 'h-10'],
    ['icon', 'size-9'],
  ] as const)('renders the %s size', (size, expectedClass) => {
    render(<Button size={size} aria-label="Refresh" />);
    expect(screen.getByRole('button', { name: 'Refresh' }).className).toContain(expectedClass);
  });

  it('lets a caller class override a default one', () => {
    render(<Button className="px-8">Wide</Button>);
    const { className } = screen.getByRole('button', { name: 'Wide' });
    expect(className).toContain('px-8');
    expect(className).not.toMatch(/(^|\s)px-4(\s|$)/);
  });

  it('renders its child element instead of a button with asChild', () => {
    render(
      <Button asChild variant="outline">
        <a href="/dashboard/billing?tab=plans">Upgrade</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Upgrade' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/dashboard/billing?tab=plans');
    expect(link.className).toContain('border-input');
    expect(link.hasAttribute('type')).toBe(false);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
