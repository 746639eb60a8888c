import { describe, expect, it } from 'vitest';
import { similarAccountsCsv, similarAccountsFileName } from './similar-accounts-csv.ts';

describe('similar accounts CSV (docs/product.md §3 "CSV formats")', () => {
  it('is a BOM, the Username,Platform header and one comma-separated Instagram row per account', () => {
    expect(similarAccountsCsv(['natgeo', 'nasa.gov', 'bbc_news'])).toBe(
      '\uFEFFUsername,Platform\nnatgeo,Instagram\nnasa.gov,Instagram\nbbc_news,Instagram\n',
    );
  });

  it('is only the header when there are no accounts', () => {
    expect(similarAccountsCsv([])).toBe('\uFEFFUsername,Platform\n');
  });

  it('neutralises formula-like cells and quotes separators', () => {
    expect(similarAccountsCsv(['=HYPERLINK("x")', 'a,b'])).toBe(
      '\uFEFFUsername,Platform\n"\'=HYPERLINK(""x"")",Instagram\n"a,b",Instagram\n',
    );
  });

  it('neutralises a formula behind leading spaces, invisible characters or a fullwidth sign', () => {
    expect(similarAccountsCsv([' =1+1', '\u200B@x', '\uFF1D1'])).toBe(
      "\uFEFFUsername,Platform\n' =1+1,Instagram\n'\u200B@x,Instagram\n'\uFF1D1,Instagram\n",
    );
  });

  it('names the file after the account searched, with safe characters only', () => {
    expect(similarAccountsFileName('nat.geo_1')).toBe('similar-accounts-nat.geo_1.csv');
    expect(similarAccountsFileName('../x y')).toBe('similar-accounts-.._x_y.csv');
  });
});
