import type postgres from 'postgres';

/** How the benches fill `database.extractions`: one statement, generate_series. */
export interface TSeedOptions {
  totalRows: number;
  /** The first `heavyRows` rows belong to `heavyUser`; the rest to users of `perUser` rows each. */
  heavyRows: number;
  perUser: number;
  heavyUser: string;
  /** Whether the table has `owner_key` yet (migration 0012): the rows are each user's personal workspace's. */
  withOwnerKey?: boolean;
}

/**
 * The insert of `totalRows` saved extractions with realistic columns: a third with an e-mail (all of the
 * heavy user's), counts spread over their ranges, 40 categories, two-word bios of 30 words.
 */
export function seedExtractionsSql({
  totalRows,
  heavyRows,
  perUser,
  heavyUser,
  withOwnerKey = true,
}: TSeedOptions): string {
  return `
    with words(list) as (select array['yoga','vegan','travel','coach','fitness','fashion','food','photo',
      'music','art','design','beauty','gaming','tech','startup','marketing','pets','nature','running','coffee',
      'wine','books','cinema','surf','ski','family','mindset','crypto','garden','dance'])
    insert into database.extractions (${withOwnerKey ? 'owner_key, ' : ''}user_id, instagram_username, email_found,
      credits_used, extraction_data, created_at, full_name, public_email, follower_count, following_count,
      media_count, is_verified, is_private, category, biography)
    select ${withOwnerKey ? 'r.user_id, ' : ''}r.user_id, r.username, r.email is not null, case when r.email is null then 0 else 1 end,
      jsonb_build_object('username', r.username, 'full_name', r.full_name, 'follower_count', r.followers,
        'following_count', r.following, 'media_count', r.media, 'is_verified', r.verified,
        'is_private', r.private, 'category', r.category, 'country', 'Italy', 'date_joined', null,
        'external_url', 'https://example.com/' || r.username, 'public_email', r.email, 'biography', r.bio),
      now() - make_interval(secs => r.n), r.full_name, r.email, r.followers, r.following, r.media,
      r.verified, r.private, r.category, r.bio
    from (
      select n,
        case when n < ${heavyRows} then '${heavyUser}' else 'bench-user-' || ((n - ${heavyRows}) / ${perUser}) end as user_id,
        'acct_' || n as username,
        'Person ' || n as full_name,
        case when n < ${heavyRows} or n % 3 = 0 then 'contact' || n || '@brand' || (n % 997) || '.com' end as email,
        ((n::bigint * 7919) % 2000000)::int as followers,
        ((n::bigint * 104729) % 7500)::int as following,
        ((n::bigint * 31) % 3000)::int as media,
        n % 10 = 0 as verified,
        n % 4 = 0 as private,
        case when n % 23 = 0 then null else 'Category ' || (n % 40) end as category,
        initcap((select list[1 + n % 30] from words)) || ' and ' || (select list[1 + (n / 30) % 30] from words)
          || ' lover, ' || (select list[1 + (n / 900) % 30] from words) || ' every day #' || (n % 1000) as bio
      from generate_series(0, ${totalRows - 1}) as n
    ) as r`;
}

/**
 * Bulk-loads the rows of `seedExtractionsSql` into `database.extractions`: drops the table's secondary
 * indexes, inserts with one `generate_series`, rebuilds them once and analyzes — seconds for a million rows
 * where row-by-row inserts take minutes. Shared by `pnpm bench:database`, `pnpm bench:api` (its
 * 100,000-row library) and the owner-key migration bench. Returns the seconds it took.
 */
export async function seedExtractions(sql: postgres.Sql, options: TSeedOptions): Promise<number> {
  const started = performance.now();
  const indexes = await sql<{ name: string; definition: string }[]>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = 'database' and tablename = 'extractions'
      and indexname not in (select conname from pg_constraint where conrelid = 'database.extractions'::regclass)`;
  for (const index of indexes) await sql.unsafe(`drop index database."${index.name}"`);
  await sql.unsafe(`set maintenance_work_mem = '256MB'`);
  await sql.unsafe(seedExtractionsSql(options));
  for (const index of indexes) await sql.unsafe(index.definition);
  await sql.unsafe('vacuum analyze database.extractions');
  return (performance.now() - started) / 1000;
}
