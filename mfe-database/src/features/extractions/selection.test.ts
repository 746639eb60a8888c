import { describe, expect, it } from 'vitest';
import { row } from '../../testing/render-database.tsx';
import { isSelectable, pageSelectionState, selectPage, toggleRow, unselectPage } from './selection.ts';

const a = row('a');
const b = row('b', { email: null });
const c = row('c');

describe('selection (docs/product.md §5: only rows with an e-mail)', () => {
  it('never lets a row without an e-mail in', () => {
    expect(isSelectable(b)).toBe(false);
    expect(toggleRow(new Set(), b, true)).toEqual(new Set());
    expect(toggleRow(new Set(), a, true)).toEqual(new Set([a.id]));
    expect(toggleRow(new Set([a.id]), a, false)).toEqual(new Set());
  });

  it('selects the selectable rows of a page, keeping those of other pages', () => {
    expect(selectPage(new Set(['other']), [a, b, c])).toEqual(new Set(['other', a.id, c.id]));
    expect(unselectPage(new Set(['other', a.id, c.id]), [a, b, c])).toEqual(new Set(['other']));
  });

  it('ticks the header when every selectable row of the page is selected', () => {
    expect(pageSelectionState(new Set(), [a, b, c])).toBe(false);
    expect(pageSelectionState(new Set([a.id]), [a, b, c])).toBe('indeterminate');
    expect(pageSelectionState(new Set([a.id, c.id]), [a, b, c])).toBe(true);
  });
});
