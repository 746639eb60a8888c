import { describe, expect, it } from 'vitest';
import { filterTools } from './filter-tools.ts';
import { TOOLS } from './navigation.ts';

const titles = (query: string) => filterTools(TOOLS, query).map((tool) => tool.title);

describe('filterTools', () => {
  it('matches nothing on an empty query', () => {
    expect(titles('')).toEqual([]);
    expect(titles('   ')).toEqual([]);
  });

  it('matches titles case-insensitively', () => {
    expect(titles('SIMILAR')).toEqual(['Similar Accounts']);
  });

  it('matches descriptions and keywords, title matches first', () => {
    expect(titles('csv')).toEqual(['Instagram Database']);
    expect(titles('instagram')).toEqual(['Instagram Info', 'Instagram Database']);
    expect(titles('extract')).toContain('Instagram Info');
  });

  it('needs every word to match', () => {
    expect(titles('instagram database')).toEqual(['Instagram Database']);
    expect(titles('database zebra')).toEqual([]);
  });
});
