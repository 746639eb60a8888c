import '../test-setup';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { SectionCard } from './section-card';

describe('SectionCard', () => {
  it('names the section with a heading, its description, content and footer in that order', () => {
    render(
      <SectionCard title="Credits" description="One credit a found e-mail." footer={<Button>Buy</Button>}>
        <p>42 credits</p>
      </SectionCard>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Credits' });
    const card = heading.closest('[data-slot="card"]') as HTMLElement;
    expect([...card.querySelectorAll('[data-slot]')].map((slot) => slot.getAttribute('data-slot'))).toEqual([
      'card-header',
      'card-title',
      'card-description',
      'card-content',
      'card-footer',
      'button',
    ]);
    expect(card.querySelector('[data-slot="card-description"]')?.textContent).toBe(
      'One credit a found e-mail.',
    );
    expect(card.querySelector('[data-slot="card-content"]')?.textContent).toBe('42 credits');
  });

  it('leaves out the content, description and footer it is not given', () => {
    const { container } = render(<SectionCard heading="h1" title="Verifying your account" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying your account' })).toBeTruthy();
    expect(container.querySelector('[data-slot="card-content"], [data-slot="card-footer"]')).toBeNull();
    expect(container.querySelector('[data-slot="card-description"]')).toBeNull();
  });

  it('puts the action beside the title and what stands above it before the title', () => {
    render(
      <SectionCard title="Results" aboveTitle={<span>logo</span>} action={<Button>Export CSV</Button>}>
        rows
      </SectionCard>,
    );
    const header = screen.getByRole('heading', { name: 'Results' }).closest('[data-slot="card-header"]');
    expect(header?.textContent).toBe('logoResultsExport CSV');
    expect(header?.contains(screen.getByRole('button', { name: 'Export CSV' }))).toBe(true);
  });

  it('with onSubmit, submits the content and footer as one form without browser validation', () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <SectionCard title="Profile" onSubmit={onSubmit} footer={<Button type="submit">Save</Button>}>
        <input aria-label="Name" required />
      </SectionCard>,
    );
    const form = screen.getByRole('textbox', { name: 'Name' }).closest('form') as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    expect(form.contains(screen.getByRole('button', { name: 'Save' }))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
