import { ZExtractionFiltersQuerySchema } from '@prospector/contracts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bioKeywords, containsPattern, extractionConditions, isShortSearch } from './extraction-filters.ts';

const dialect = new PgDialect();
const render = (query: Record<string, unknown>, scope = {}) => {
  const built = dialect.sqlToQuery(
    extractionConditions(ZExtractionFiltersQuerySchema.parse(query), { ownerKey: 'ada', ...scope }),
  );
  return { sql: built.sql.replaceAll('"database"."extractions".', ''), params: built.params };
};

describe('extractionConditions', () => {
  it('scopes to the workspace alone when no filter is set', () => {
    expect(render({})).toEqual({ sql: '"owner_key" = $1', params: ['ada'] });
  });

  it('searches username or e-mail with the user’s wildcards taken literally', () => {
    const { sql, params } = render({ q: ' 50%_off ' });
    expect(sql).toBe('("owner_key" = $1 and ("instagram_username" ilike $2 or "public_email" ilike $3))');
    expect(params.slice(1)).toEqual(['%50\\%\\_off%', '%50\\%\\_off%']);
  });

  it('writes a search of one or two characters as lower-case containment, two also as a piece', () => {
    const contains = (n: number) =>
      `(strpos(lower("instagram_username"), lower($${n}::text)) > 0 or strpos(lower("public_email"), lower($${n + 1}::text)) > 0)`;
    expect(render({ q: 'Ab' })).toEqual({
      sql: `("owner_key" = $1 and (database.short_search_pairs("instagram_username", "public_email") @> array[lower($2::text)] and ${contains(3)}))`,
      params: ['ada', 'Ab', 'Ab', 'Ab'],
    });
    expect(render({ q: '%' })).toEqual({
      sql: `("owner_key" = $1 and ${contains(2)})`,
      params: ['ada', '%', '%'],
    });
    expect(render({ q: 'abc' }).sql).toContain('ilike');
  });

  it.each([
    [{ email: 'with' }, '"public_email" is not null'],
    [{ email: 'without' }, '"public_email" is null'],
    [{ verified: 'yes' }, '"is_verified" is true'],
    [{ verified: 'no' }, '"is_verified" is not true'],
    [{ privacy: 'private' }, '"is_private" is true'],
    [{ privacy: 'public' }, '"is_private" is not true'],
  ])('%j → %s', (query, condition) => {
    expect(render(query).sql).toBe(`("owner_key" = $1 and ${condition})`);
  });

  it('turns each bound into an inclusive comparison on its column', () => {
    const { sql, params } = render({
      followersMin: '10',
      followersMax: '20',
      followingMax: '5',
      mediaMin: '0',
    });
    expect(sql).toBe(
      '("owner_key" = $1 and "follower_count" >= $2 and "follower_count" <= $3 and "following_count" <= $4 and "media_count" >= $5)',
    );
    expect(params.slice(1)).toEqual([10, 20, 5, 0]);
  });

  it('matches any of the categories and any of the bio words', () => {
    const { sql, params } = render({ category: ['Art', 'Food'], bio: 'Vegan  coach vegan' });
    expect(sql).toBe(
      '("owner_key" = $1 and "category" in ($2, $3) and ("biography" ilike $4 or "biography" ilike $5))',
    );
    expect(params.slice(1)).toEqual(['Art', 'Food', '%vegan%', '%coach%']);
  });

  it('limits an export to the selection and to rows with an e-mail', () => {
    const id = '2f1b0f8e-9a55-4b43-9d76-0a5d0f5d8d01';
    expect(render({}, { ids: [id], withEmailOnly: true })).toEqual({
      sql: '("owner_key" = $1 and "id" in ($2) and "public_email" is not null)',
      params: ['ada', id],
    });
  });

  it('narrows to one member\'s records of the workspace ("Extracted by"); an empty member is no filter', () => {
    expect(render({ member: ' bob-1 ', email: 'with' })).toEqual({
      sql: '("owner_key" = $1 and "public_email" is not null and "user_id" = $2)',
      params: ['ada', 'bob-1'],
    });
    expect(render({ member: '' })).toEqual({ sql: '"owner_key" = $1', params: ['ada'] });
  });
});

describe('filter helpers', () => {
  it.each([
    ['a', true],
    ['_%', true],
    ['☕é', true],
    ['abc', false],
    // One character that lower-cases into two: left to the ILIKE alone.
    ['İ', false],
  ])('a search of %j is short: %s', (text, short) => expect(isShortSearch(text)).toBe(short));
  it('escapes LIKE wildcards', () => expect(containsPattern('a\\b%c_d')).toBe('%a\\\\b\\%c\\_d%'));
  it('splits bio keywords on any whitespace, once each', () =>
    expect(bioKeywords(' Yoga\tVEGAN\nyoga ')).toEqual(['yoga', 'vegan']));
});

describe('the filters query', () => {
  it('refuses a bound that is not a whole number', () => {
    expect(ZExtractionFiltersQuerySchema.safeParse({ followersMin: '-1' }).success).toBe(false);
    expect(ZExtractionFiltersQuerySchema.safeParse({ mediaMax: '1.5' }).success).toBe(false);
    expect(ZExtractionFiltersQuerySchema.safeParse({ verified: 'maybe' }).success).toBe(false);
  });
  it('reads an empty bound as no bound and one category as a list', () => {
    expect(ZExtractionFiltersQuerySchema.parse({ followersMin: '', category: 'Art' })).toMatchObject({
      followersMin: undefined,
      category: ['Art'],
    });
  });
});
