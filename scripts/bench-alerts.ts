/**
 * Saved-search alerts at scale (issue 18): seeds saved searches (100,000 by default, 50 per
 * account, realistic searches from the search benchmark's query generator) and new ads (10,000,
 * from its ad generator), then times the alert job's matching step over the queue of new ads:
 * the match-index lookup, the check with the site search's conditions and the recording of the
 * matches (server/alerts/alerts.ts). It prints the cost per new ad for each run and the median.
 *
 *   npm run bench:alerts                                          # PGlite in a new temporary folder
 *   npm run bench:alerts -- --database-url postgres://postgres@127.0.0.1:5432/soko_bench
 *
 * Options: --searches N (100000), --ads N (10000), --runs N (3), --batch N (ads per transaction,
 * 200, as the job), --seed N, --keep (keep the temporary folder or schema). With --database-url
 * a new schema bench_alerts_<pid> is made in that database and dropped at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { matchQueuedAds, type MatchTimings } from '../server/alerts/alerts.ts';
import { chooseKey, keyOptions } from '../server/alerts/match-keys.ts';
import { openDatabase, queryRows, type Database } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { filtersKey, listingFilters, savedFiltersOf } from '../server/saved/saved-searches.ts';
import { generateListing } from './bench-search/catalog.ts';
import { distinctQueries } from './bench-search/queries.ts';
import { createRng } from './bench-search/random.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    searches: { type: 'string', default: '100000' },
    ads: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    batch: { type: 'string', default: '200' },
    seed: { type: 'string', default: '18' },
    keep: { type: 'boolean', default: false },
  },
});
const SEARCHES = Number(args.searches);
const ADS = Number(args.ads);
const RUNS = Number(args.runs);
const BATCH = Number(args.batch);
const SEED = Number(args.seed);
const PER_USER = 50;
const CHUNK = 2_000;

const url = args['database-url'];
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-bench-alerts-'));
const schema = `bench_alerts_${process.pid}`;
let database: Database;
let admin: pg.Client | undefined;
if (url) {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  database = await openDatabase({ kind: 'postgres', url, searchPath: schema, max: 4 });
  console.log(`Target: PostgreSQL ${new URL(url).host}${new URL(url).pathname}, private schema ${schema}`);
} else {
  database = await openDatabase({ kind: 'pglite', dataDir: path.join(workDir, 'pglite') });
  console.log(`Target: PGlite in ${workDir}`);
}
const { db } = database;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

try {
  await migrate(database);
  const rng = createRng(SEED);
  const t0 = performance.now();

  // Accounts: 50 searches each.
  const users = Math.ceil(SEARCHES / PER_USER);
  await db.execute(sql`
    INSERT INTO users (email, password_hash, first_name, last_name, username, location)
    SELECT 'alerts' || n || '@bench.invalid', 'not-a-hash', 'Bench', 'Buyer ' || n, 'alerts' || n, 'Nairobi' FROM generate_series(1, ${users}) AS n`);
  const userIds = (await queryRows<{ id: string }>(db, sql`SELECT id FROM users ORDER BY username`)).map((r) => r.id);

  // Saved searches: the search benchmark's stream of distinct searches, as the results pages would save them.
  const queries = distinctQueries(rng, SEARCHES, { sorts: ['newest', 'price_asc', 'price_desc', 'best'] });
  const frequencies = { instant: 0, daily: 0, off: 0 };
  // The searches already filed under each key, as saveSearch counts them in the table.
  const load = new Map<string, number>();
  for (let from = 0; from < queries.length; from += CHUNK) {
    const rows = queries.slice(from, from + CHUNK).map((q, i) => {
      const filters = savedFiltersOf(new URLSearchParams(q), 'page');
      const frequency = rng.weighted([
        ['daily', 6],
        ['instant', 3],
        ['off', 1],
      ] as const);
      frequencies[frequency]++;
      const options = keyOptions(listingFilters(filters));
      const key = chooseKey(options, (word) => load.get(`${options.category}|${word}`) ?? 0);
      load.set(`${key.category}|${key.word}`, (load.get(`${key.category}|${key.word}`) ?? 0) + 1);
      return { user: userIds[Math.floor((from + i) / PER_USER)], filters, key: filtersKey(filters), frequency, word: key.word, category: key.category };
    });
    await db.execute(sql`
      WITH r AS (SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS t("user" uuid, filters jsonb, key text, frequency text, word text, category text)),
      s AS (INSERT INTO saved_searches (user_id, filters, filters_key, frequency) SELECT "user", filters, key, frequency FROM r
            ON CONFLICT (user_id, filters_key) DO NOTHING RETURNING id, user_id, filters_key)
      INSERT INTO saved_search_keys (word, category, search_id)
      SELECT r.word, r.category, s.id FROM s JOIN r ON r."user" = s.user_id AND r.key = s.filters_key ON CONFLICT DO NOTHING`);
    process.stdout.write(`\r  seeded ${Math.min(from + CHUNK, queries.length).toLocaleString('en-KE')} / ${queries.length.toLocaleString('en-KE')} saved searches`);
  }
  process.stdout.write('\n');

  // New ads, posted over the last day by one seller.
  const [seller] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO users (email, password_hash, first_name, last_name, username, location) VALUES ('seller@bench.invalid', 'x', 'Bench', 'Seller', 'benchseller', 'Nairobi') RETURNING id`,
  );
  for (let from = 0; from < ADS; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, ADS - from) }, () => {
      const l = generateListing(rng, rng.int(0, 86_400));
      return { title: l.title, description: l.description, category: l.category, price: l.price, currency: l.currency, location: l.location, age: l.ageSeconds };
    });
    await db.execute(sql`
      INSERT INTO listings (owner_id, title, description, category, price, currency, location, created_at, updated_at)
      SELECT ${seller!.id}::uuid, title, description, category, price, currency, location, now() - make_interval(secs => age), now() - make_interval(secs => age)
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS t(title text, description text, category text, price bigint, currency text, location text, age float8)`);
  }
  await db.execute(sql.raw(database.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE'));
  const [counts] = await queryRows<{ searches: number; keys: number; queued: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM saved_searches) AS searches, (SELECT count(*)::int FROM saved_search_keys) AS keys, (SELECT count(*)::int FROM alert_queue) AS queued`,
  );
  const distinctKeys = await queryRows<{ word: string; n: number }>(db, sql`SELECT word, count(*)::int AS n FROM saved_search_keys GROUP BY word ORDER BY n DESC LIMIT 5`);
  console.log(
    `Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts!.searches.toLocaleString('en-KE')} saved searches (${frequencies.instant} instant, ${frequencies.daily} daily, ${frequencies.off} off) of ${users} accounts, ` +
      `${counts!.queued.toLocaleString('en-KE')} new ads queued`,
  );
  console.log(`Busiest keys: ${distinctKeys.map((k) => `${k.word || "''"} ${k.n}`).join(', ')}`);

  const perAd: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    if (run > 1) {
      await db.execute(sql`DELETE FROM saved_search_hits`);
      await db.execute(sql`INSERT INTO alert_queue (listing_id) SELECT id FROM listings ON CONFLICT DO NOTHING`);
    }
    let ads = 0;
    let candidates = 0;
    let hits = 0;
    const timings: MatchTimings = { lookupMs: 0, checkMs: 0 };
    const started = performance.now();
    for (;;) {
      const r = await matchQueuedAds(db, BATCH, timings);
      if (r.ads === 0) break;
      ads += r.ads;
      candidates += r.candidates;
      hits += r.hits;
    }
    const ms = performance.now() - started;
    perAd.push(ms / ads);
    console.log(
      `Run ${run}: ${ads.toLocaleString('en-KE')} new ads in ${(ms / 1000).toFixed(1)} s = ${(ms / ads).toFixed(2)} ms per new ad; ` +
        `${(candidates / ads).toFixed(1)} candidate searches and ${(hits / ads).toFixed(1)} matches per ad ` +
        `(index lookup ${(timings.lookupMs / ads).toFixed(2)} ms, check and record ${(timings.checkMs / ads).toFixed(2)} ms per ad)`,
    );
  }
  console.log(`Median of ${RUNS} runs: ${median(perAd).toFixed(2)} ms per new ad (${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${SEARCHES.toLocaleString('en-KE')} saved searches, batches of ${BATCH})`);
} finally {
  await database.close();
  if (args.keep) console.log(`Kept: ${url ? `schema ${schema}` : workDir}`);
  else {
    if (admin) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  await admin?.end();
}
