/**
 * Sitemap at scale (issue 17): seeds N live ads into a new PostgreSQL database, then times the
 * sitemap index and the streaming of one full chunk (50,000 ads), with the process's memory.
 *
 *   npx tsx scripts/bench-sitemap.ts --database-url postgres://postgres@127.0.0.1:5432/postgres [--count 1000000] [--database soko_sitemap_bench]
 *
 * --database-url names the server (any database on it to connect to); a database of its own
 * (--database) is created, and dropped at the end unless --keep. Only what the sitemap reads is
 * seeded and indexed: the search indexes are dropped first, so seeding a million rows stays
 * under a minute on a small machine. --keep keeps the database; --reuse measures a kept one again.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { SITEMAP_MAX_URLS, sitemapChunks, sitemapChunkXml, sitemapIndexXml } from '../server/seo/sitemap.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    database: { type: 'string', default: 'soko_sitemap_bench' },
    count: { type: 'string', default: '1000000' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const serverUrl = args['database-url'] ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('--database-url postgres://… is required');
const COUNT = Number(args.count);
const name = args.database!;
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database: lower-case letters, digits and _ only');
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs fn while sampling memory every 5 ms: its time, and peak RSS and heap above where they started. */
async function measure<T>(fn: () => Promise<T>): Promise<{ ms: number; rss: number; heap: number; value: T }> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 5);
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  clearInterval(timer);
  const end = process.memoryUsage();
  return { ms, rss: Math.max(rss, end.rss) - start.rss, heap: Math.max(heap, end.heapUsed) - start.heapUsed, value };
}

if (!args.reuse) await admin(`CREATE DATABASE ${name}`);
const database = await openDatabase({ kind: 'postgres', url: dbUrl, max: 2 });
const db = database.db;

/** One seller and COUNT ads, with only the indexes the sitemap reads. */
async function seed() {
  await migrate(database);
  const indexes = await queryRows<{ indexname: string }>(
    db,
    sql`SELECT indexname FROM pg_indexes WHERE tablename = 'listings' AND indexname NOT IN ('listings_pkey', 'listings_sitemap_idx')`,
  );
  for (const { indexname } of indexes) await db.execute(sql.raw(`DROP INDEX ${indexname}`));
  const t0 = performance.now();
  const [owner] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO users (first_name, last_name, username, email, password_hash) VALUES ('Bench', 'Seller', 'bench', 'bench@example.co.ke', 'x') RETURNING id`,
  );
  const BATCH = 100_000;
  for (let from = 0; from < COUNT; from += BATCH) {
    const to = Math.min(COUNT, from + BATCH) - 1;
    await db.execute(
      sql.raw(`INSERT INTO listings (owner_id, title, description, category, location, price, created_at, updated_at)
        SELECT '${owner!.id}', 'Ad ' || i, 'Bench ad', 'For Sale', 'Nairobi', 1000 + i, now() - i * interval '1 minute', now() - i * interval '1 minute'
        FROM generate_series(${from}, ${to}) AS i`),
    );
    process.stdout.write(`\r  seeded ${(to + 1).toLocaleString('en-KE')} / ${COUNT.toLocaleString('en-KE')}`);
  }
  // As autovacuum would leave it: the visibility map lets the walk read the index alone.
  await db.execute(sql.raw('VACUUM ANALYZE listings'));
  console.log(` in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

try {
  if (!args.reuse) await seed();

  const origin = 'https://soko.co.ke';
  for (let run = 1; run <= 3; run++) {
    const index = await measure(async () => sitemapIndexXml(origin, await sitemapChunks(db)));
    console.log(`index      run ${run}: ${index.ms.toFixed(0)} ms, ${(index.value.length / 1024).toFixed(1)} KB, peak RSS +${mb(index.rss)}, heap +${mb(index.heap)}`);
  }
  const chunks = await sitemapChunks(db);
  const full = chunks.find((c) => c.count === SITEMAP_MAX_URLS) ?? chunks[0]!;
  for (let run = 1; run <= 3; run++) {
    const chunk = await measure(async () => {
      const reader = (await sitemapChunkXml(db, origin, full.firstId)).getReader();
      let bytes = 0;
      let urls = 0;
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        urls += decoder.decode(value).split('<url>').length - 1;
      }
      return { bytes, urls };
    });
    console.log(
      `chunk      run ${run}: ${chunk.value.urls.toLocaleString('en-KE')} URLs, ${mb(chunk.value.bytes)} in ${chunk.ms.toFixed(0)} ms, peak RSS +${mb(chunk.rss)}, heap +${mb(chunk.heap)}`,
    );
  }
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`EXPLAIN (ANALYZE, BUFFERS) select id, updated_at, row_number() over (order by id) from listings`,
  );
  console.log(`\n${chunks.length} chunks for ${COUNT.toLocaleString('en-KE')} ads; the index's walk:\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
} finally {
  await database.close();
  if (!args.keep) await admin(`DROP DATABASE ${name}`);
  else console.log(`Kept database ${name}`);
}
