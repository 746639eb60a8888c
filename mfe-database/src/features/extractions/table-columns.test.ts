import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VISIBLE_COLUMNS,
  EXTRACTION_COLUMNS,
  parseVisibleColumns,
  setColumnVisible,
} from './table-columns.ts';

describe('visible table columns', () => {
  it('shows the defaults when nothing or something unreadable is stored', () => {
    expect(parseVisibleColumns(null)).toEqual(DEFAULT_VISIBLE_COLUMNS);
    expect(parseVisibleColumns('not json')).toEqual(DEFAULT_VISIBLE_COLUMNS);
    expect(parseVisibleColumns('{"Bio":true}')).toEqual(DEFAULT_VISIBLE_COLUMNS);
  });

  it('keeps a stored choice in the table order, always with Username, dropping unknown names', () => {
    expect(parseVisibleColumns('["Date","Bio","Nope","Bio"]')).toEqual(['Username', 'Bio', 'Date']);
    expect(parseVisibleColumns('[]')).toEqual(['Username']);
  });

  it('adds a column where the table has it and never hides Username', () => {
    expect(setColumnVisible(['Username', 'Date'], 'Followers', true)).toEqual([
      'Username',
      'Followers',
      'Date',
    ]);
    expect(setColumnVisible(['Username', 'Date'], 'Date', false)).toEqual(['Username']);
    expect(setColumnVisible(['Username', 'Date'], 'Username', false)).toEqual(['Username', 'Date']);
  });

  it("offers every column of the spec and the record's age, and the defaults are fewer", () => {
    expect(EXTRACTION_COLUMNS).toHaveLength(13);
    expect(EXTRACTION_COLUMNS.at(-1)).toBe('Age');
    expect(DEFAULT_VISIBLE_COLUMNS).toContain('Age');
    expect(DEFAULT_VISIBLE_COLUMNS.length).toBeLessThan(EXTRACTION_COLUMNS.length);
    expect(DEFAULT_VISIBLE_COLUMNS.every((column) => EXTRACTION_COLUMNS.includes(column))).toBe(true);
  });
});
