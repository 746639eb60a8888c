import '../test-setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCell, TableRow } from './table';

const rows = (
  <TableBody>
    <TableRow>
      <TableCell>Nothing here yet</TableCell>
    </TableRow>
  </TableBody>
);

describe('Table', () => {
  it('with a scroll region label, its scrolling box is a named region the keyboard can reach', () => {
    render(<Table scrollRegionLabel="Saved extractions">{rows}</Table>);
    const region = screen.getByRole('region', { name: 'Saved extractions' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('data-slot')).toBe('table-container');
    expect(region.querySelector('table')).toBeTruthy();
  });

  it('without one, its box stays a plain container out of the tab order', () => {
    const { container } = render(<Table aria-label="Credit history">{rows}</Table>);
    const box = container.querySelector('[data-slot="table-container"]') as HTMLElement;
    expect(box.getAttribute('role')).toBeNull();
    expect(box.hasAttribute('tabindex')).toBe(false);
    expect(screen.getByRole('table', { name: 'Credit history' })).toBeTruthy();
  });
});
