import postgres from 'postgres';

const sql = postgres('postgres://postgres@127.0.0.1:5432/prospector_test_mwu6dapq_cae813da', { max: 2 });
const cell = (e: string) =>
  `case when left(${e}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${e} else ${e} end`;
const quoted = (e: string) =>
  `(select case when strpos(c, ';') > 0 or strpos(c, '"') > 0 or strpos(c, E'\\n') > 0 or strpos(c, E'\\r') > 0 then '"' || replace(c, '"', '""') || '"' else c end from (select ${cell(e)} as c) x)`;
const jtext = (k: string) =>
  `case when jsonb_typeof(extraction_data->'${k}') = 'string' then extraction_data->>'${k}' end`;
const cols = [
  `coalesce(nullif(${jtext('username')}, ''), instagram_username)`,
  'full_name',
  'follower_count::text',
  'following_count::text',
  'media_count::text',
  'is_verified::text',
  'is_private::text',
  'category',
  jtext('country'),
  jtext('date_joined'),
  jtext('external_url'),
  'public_email',
  'biography',
  `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
];
const lineSql = `concat_ws(';', ${cols.map((c) => `coalesce(${quoted(c)}, '')`).join(', ')}) || E'\\n'`;
const mode = process.argv[2];
const before = process.memoryUsage().rss;
let peak = before;
const t0 = performance.now();
let bytes = 0;
if (mode === 'lines') {
  const q = `select ${lineSql} as line from database.extractions where user_id = $1 and public_email is not null order by created_at desc, id desc`;
  for await (const batch of sql.unsafe(q, ['bench-heavy']).cursor(Number(process.argv[3] ?? 1000))) {
    let s = '';
    for (const row of batch) s += row.line;
    bytes += Buffer.byteLength(s);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
} else {
  const q = `copy (select ${cols.map((c) => `nullif(${cell(c)}, '')`).join(', ')} from database.extractions where user_id = 'bench-heavy' and public_email is not null order by created_at desc, id desc) to stdout with (format csv, delimiter ';')`;
  const stream = await sql.unsafe(q).readable();
  for await (const chunk of stream) {
    bytes += chunk.length;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
}
console.log(
  mode,
  bytes,
  ((performance.now() - t0) / 1000).toFixed(2),
  's',
  ((peak - before) / 1048576).toFixed(1),
  'MB',
);
await sql.end();
