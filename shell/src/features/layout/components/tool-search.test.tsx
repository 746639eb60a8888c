import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolSearch } from './tool-search.tsx';

afterEach(cleanup);

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ToolSearch /> },
      { path: '/dashboard/*', element: <ToolSearch /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, input: screen.getByRole('combobox', { name: 'Search tools' }) };
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('ToolSearch', () => {
  it('shows no list until something is typed', () => {
    const { input } = renderSearch();
    fireEvent.focus(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('filters the tools as the user types', () => {
    const { input } = renderSearch();
    fireEvent.change(input, { target: { value: 'similar' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toEqual([expect.stringContaining('Similar Accounts')]);

    fireEvent.change(input, { target: { value: 'nothing like this' } });
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No tools match "nothing like this"')).toBeTruthy();
  });

  it('opens the first match on Enter and clears the box', () => {
    const { router, input } = renderSearch();
    fireEvent.change(input, { target: { value: 'database' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/dashboard/instagram-database');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('');
  });

  it('moves the highlight with the arrow keys before Enter', () => {
    const { router, input } = renderSearch();
    fireEvent.change(input, { target: { value: 'instagram' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const highlighted = screen.getAllByRole('option')[1];
    expect(highlighted?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(highlighted?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/dashboard/instagram-database');
  });

  it('opens a tool on click', () => {
    const { router, input } = renderSearch();
    fireEvent.change(input, { target: { value: 'info' } });
    fireEvent.click(screen.getByRole('option', { name: /Instagram Info/ }));
    expect(router.state.location.pathname).toBe('/dashboard/instagram-info');
  });

  it('clears on Escape', () => {
    const { input } = renderSearch();
    fireEvent.change(input, { target: { value: 'info' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
