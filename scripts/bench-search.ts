/**
 * Search benchmark (issue 4, DESIGN.md section 7).
 *
 *   npm run bench:search                       # 100,000 listings, embedded PGlite in a temp folder
 *   npm run bench:search -- --count 1000000 --database-url postgres://postgres@127.0.0.1:5432/soko_bench
 *
 * The target is always explicit and always private: PGlite in a new temporary folder, or a new
 * schema (bench_search_<pid>) inside the given PostgreSQL database, dropped at the end. Nothing
 * is written to ./data or to the application's own tables. Options:
 *   --count N          listings to seed (default 100000)
 *   --database-url URL PostgreSQL instead of PGlite (DATABASE_URL is NOT picked up implicitly)
 *   --requests N       measured requests per scenario and mode (default 200)
 *   --clients N        concurrent clients in the concurrent mode (default 16)
 *   --seconds S        time cap per scenario and mode (default 20)
 *   --explain          print EXPLAIN ANALYZE of each scenario's search statement (with --requests 0: only that)
 *   --keep             keep the seeded data (prints where it is)
 *   --schema NAME      PostgreSQL only: measure a schema kept by an earlier --keep run (no seeding, not dropped)
 *   --no-cache         measure every search against the database (turns the search cache off)
 *   --only TEXT        run only the scenarios whose name contains TEXT (e.g. --only "no match")
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/services.ts';
import { openDatabase, queryRows, type Database } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { parseListingQuery } from '../server/listings/listing-query.ts';
import { searchListings, searchStatement, type ListingFilters } from '../server/listings/queries.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    requests: { type: 'string', default: '200' },
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    schema: { type: 'string' },
    only: { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
  },
});

const COUNT = Number(args.count);
const REQUESTS = Number(args.requests);
const CLIENTS = Number(args.clients);
const CAP_MS = Number(args.seconds) * 1000;
const USERS = Math.max(1, Math.ceil(COUNT / 20));
const CHUNK = 50_000;

/** The five searches the budget is about, plus plain browsing for reference. */
const SCENARIOS: Array<{ name: string; query: string }> = [
  { name: 'browse (no filter)', query: '' },
  { name: 'common word', query: 'search=toyota' },
  { name: 'rare word', query: 'search=zanzibarite' },
  { name: 'no match', query: 'search=qwxyzv' },
  { name: 'category + word', query: 'category=Electronics&search=samsung' },
  { name: 'location', query: 'location=nakuru' },
];

const words = (s: string) => `ARRAY[${s.split(' ').map((w) => `'${w}'`).join(',')}]`;
const BRANDS = words('Toyota Samsung Nissan Tecno Infinix Mazda Subaru Apple HP Dell Lenovo Hisense LG Sony Oppo Honda Isuzu Mitsubishi Xiaomi Nokia');
const ITEMS = words('sedan phone laptop sofa bed table fridge television cooker bicycle motorbike tractor shoes dress puppy kitten apartment plot office generator');
const ADJECTIVES = words('clean new used mint affordable spacious durable original genuine modern classic quick negotiable reliable slim');
const VOCAB = words(
  'excellent condition barely used comes with warranty receipt available pickup delivery within town serious buyers only call whatsapp price slightly negotiable ' +
    'original box charger accessories included low mileage accident free well maintained service history new tyres fully furnished water electricity ' +
    'security parking near main road viewing weekends vaccinated dewormed friendly trained fast sale relocating upgrade spare key manual',
);
const TOWNS = words('Nairobi Mombasa Kisumu Nakuru Eldoret Thika Machakos Nyeri Meru Kitale Malindi Kakamega Kericho Naivasha Nanyuki Garissa Embu Kisii Bungoma Ruiru');
const CATEGORIES_SQL = words('Cars_&_Vehicles For_Sale Services Property Pets Jobs Furniture Electronics Others').replace(/_/g, ' ');

function pick(array: string, expr: string): string {
  return `(${array})[1 + ((${expr}) % array_length(${array}, 1))]`;
}

async function seed(database: Database) {
  const { db } = database;
  const t0 = performance.now();
  await db.execute(
    sql.raw(`INSERT INTO users (id, email, password_hash, first_name, last_name, username, phone_number, location, created_at)
      SELECT md5('bench-user-' || j)::uuid, 'bench' || j || '@bench.invalid', 'not-a-hash', 'Bench', 'Seller ' || j, 'bench' || j,
             '+2547' || lpad(j::text, 8, '0'), 'Nairobi', now() - interval '400 days'
      FROM generate_series(0, ${USERS - 1}) AS j`),
  );
  // Secondary indexes are dropped during the load and rebuilt after it: far faster than
  // maintaining trigram GIN indexes row by row. Their definitions come from the live schema,
  // so the benchmark always measures the indexes the migrations create.
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql.raw(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('listings', 'listing_images') AND indexname NOT LIKE '%_pkey'`),
  );
  for (const ix of indexes) await db.execute(sql.raw(`DROP INDEX ${ix.indexname}`));
  const description = Array.from({ length: 9 }, (_, k) => pick(VOCAB, `i * ${[3, 7, 11, 13, 17, 19, 23, 29, 31][k]} + ${k * 5}`)).join(` || ' ' || `);
  for (let from = 1; from <= COUNT; from += CHUNK) {
    const to = Math.min(COUNT, from + CHUNK - 1);
    await db.execute(
      sql.raw(`INSERT INTO listings (owner_id, title, description, category, location, price, currency, featured_until, views, created_at, updated_at)
        SELECT md5('bench-user-' || (i % ${USERS}))::uuid,
               ${pick(BRANDS, 'i * 7')} || ' ' || ${pick(ITEMS, 'i * 13')} || ' ' || ${pick(ADJECTIVES, 'i * 17')}
                 || CASE WHEN i % 50000 = 7 THEN ' zanzibarite' ELSE '' END,
               'Selling ' || ${description} || '. Located in ' || ${pick(TOWNS, 'i * 37')} || '.',
               ${pick(CATEGORIES_SQL, 'i * 11')},
               ${pick(TOWNS, 'i * 37')} || CASE WHEN i % 3 = 0 THEN ' CBD' ELSE '' END,
               CASE WHEN i % 17 = 0 THEN NULL ELSE 500 + (i * 7919) % 2000000 END,
               'KES',
               CASE WHEN i % 2000 = 0 THEN now() + interval '3 days' END,
               i % 300,
               now() - make_interval(secs => i * 30),
               now() - make_interval(secs => i * 30)
        FROM generate_series(${from}::bigint, ${to}::bigint) AS i`),
    );
    process.stdout.write(`\r  seeded ${to.toLocaleString('en-KE')} / ${COUNT.toLocaleString('en-KE')} listings`);
  }
  await db.execute(
    sql.raw(`INSERT INTO listing_images (listing_id, position, storage_key, width, height)
      SELECT id, 0, replace(id::text, '-', ''), 1280, 960 FROM listings`),
  );
  process.stdout.write(`\n  rebuilding ${indexes.length} indexes...`);
  const t1 = performance.now();
  for (const ix of indexes) await db.execute(sql.raw(ix.indexdef));
  await db.execute(sql.raw('ANALYZE'));
  console.log(` done in ${((performance.now() - t1) / 1000).toFixed(1)} s; seeding took ${((performance.now() - t0) / 1000).toFixed(1)} s in all`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))]!;
}

/** Runs `once` from `clients` loops until `total` calls are done or the time cap passes. */
async function measure(clients: number, total: number, once: () => Promise<void>) {
  for (let i = 0; i < Math.min(10, total); i++) await once(); // warm-up: plans and caches
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const loop = async () => {
    while (issued < total && performance.now() - started < CAP_MS) {
      issued++;
      const t = performance.now();
      await once();
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), rps: latencies.length / seconds };
}

/**
 * The HTTP clients run in a worker thread, so the load generator does not take CPU from the
 * server's event loop (as a separate machine would not). Plain node:http with keep-alive and
 * gzip, like a browser or a mobile app.
 */
const CLIENT_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, clients, total, capMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const get = () => new Promise((resolve, reject) => {
  const req = http.get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
    res.on('data', () => {});
    res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error('HTTP ' + res.statusCode + ' for ' + url))));
  });
  req.on('error', reject);
});
(async () => {
  // Warm-up with every client at once, as a running server would be: connections opened,
  // statements prepared on each, code compiled. Ten rounds, not measured.
  for (let i = 0; i < 10; i++) await Promise.all(Array.from({ length: clients }, get));
  const latencies = [];
  let issued = 0;
  const started = performance.now();
  const loop = async () => {
    while (issued < total && performance.now() - started < capMs) {
      issued++;
      const t = performance.now();
      await get();
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  parentPort.postMessage({ latencies, seconds: (performance.now() - started) / 1000 });
  agent.destroy();
})().catch((e) => parentPort.postMessage({ error: String(e) }));
`;

async function measureHttp(url: string, clients: number, total: number) {
  const { latencies, seconds, error } = await new Promise<{ latencies: number[]; seconds: number; error?: string }>((resolve, reject) => {
    const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: { url, clients, total, capMs: CAP_MS } });
    worker.once('message', (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  if (error) throw new Error(error);
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), rps: latencies.length / seconds };
}

/** A scenario's query, read as GET /api/listings reads it. */
function filtersOf(query: string): ListingFilters {
  return parseListingQuery(new URLSearchParams(query));
}

async function main() {
  const url = args['database-url'];
  const kind = url ? 'postgres' : 'pglite';
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-bench-'));
  const reuse = args.schema;
  if (reuse && (!url || !/^bench_search_\d+$/.test(reuse))) throw new Error('--schema needs --database-url and a bench_search_<pid> name');
  const schema = reuse ?? `bench_search_${process.pid}`;
  let database: Database;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    if (!reuse) await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    database = await openDatabase({ kind: 'postgres', url, searchPath: schema, max: CLIENTS + 4 });
    console.log(`Target: PostgreSQL ${new URL(url).host}${new URL(url).pathname}, private schema ${schema}`);
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(workDir, 'pglite') });
    console.log(`Target: embedded PGlite in ${workDir}`);
  }
  const cleanup = async () => {
    await database.close();
    const keep = args.keep || !!reuse;
    if (keep) console.log(`Kept: ${url ? `schema ${schema}` : workDir}`);
    if (url && !keep) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
    // With PostgreSQL the folder only holds the (empty) media and outbox folders.
    if (url || !keep) fs.rmSync(workDir, { recursive: true, force: true });
  };

  let server: ReturnType<typeof serve> | undefined;
  try {
    await migrate(database);
    if (reuse) {
      await database.db.execute(sql.raw('ANALYZE listings'));
    } else {
      console.log(`Seeding ${COUNT.toLocaleString('en-KE')} listings from ${USERS.toLocaleString('en-KE')} sellers...`);
      await seed(database);
    }

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: workDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      ...(args['no-cache'] ? { SEARCH_CACHE_SECONDS: '0' } : {}),
    });
    const { services } = await createServices(config, { database });
    const cache = { cache: services.searchCache };
    const app = createApp(services);
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve(info.port));
    });
    const base = `http://127.0.0.1:${port}/api/listings`;

    if (args.explain) await explain(database);

    const [{ n: listed } = { n: 0 }] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM listings`);
    if (REQUESTS === 0) return;
    console.log(`\n${kind}, ${Number(listed).toLocaleString('en-KE')} listings, search cache ${services.searchCache ? 'on' : 'off'}; up to ${REQUESTS} requests per row, ${args.seconds} s cap; times in ms`);
    console.log('scenario             | path   | clients |    n |   p50 |   p95 |  req/s | matches');
    console.log('---------------------|--------|---------|------|-------|-------|--------|--------');
    const row = (name: string, pathName: string, clients: number, r: Awaited<ReturnType<typeof measure>>, matches: string) =>
      console.log(
        `${name.padEnd(20)} | ${pathName.padEnd(6)} | ${String(clients).padStart(7)} | ${String(r.n).padStart(4)} | ${r.p50.toFixed(1).padStart(5)} | ${r.p95.toFixed(1).padStart(5)} | ${r.rps.toFixed(0).padStart(6)} | ${matches}`,
      );
    const worst: Record<string, number> = {};
    for (const s of SCENARIOS.filter((x) => !args.only || x.name.includes(args.only!))) {
      const filters = filtersOf(s.query);
      const first = await searchListings(database.db, filters, cache);
      const matches = `${first.total.toLocaleString('en-KE')}${first.totalIsCapped ? '+' : ''}`;
      row(s.name, 'domain', 1, await measure(1, REQUESTS, async () => void (await searchListings(database.db, filters, cache))), matches);
      for (const clients of [1, CLIENTS]) {
        const r = await measureHttp(`${base}${s.query ? `?${s.query}` : ''}`, clients, clients === 1 ? REQUESTS : REQUESTS * 2);
        row(s.name, 'http', clients, r, matches);
        worst[`http x${clients}`] = Math.max(worst[`http x${clients}`] ?? 0, r.p95);
      }
    }
    const budget = kind === 'postgres' ? 30 : 50;
    if (services.searchCache) console.log('\nSearch cache on (as in production): repeated searches are answered from it; --no-cache measures every search against the database.');
    console.log(`\nWorst HTTP p95: ${Object.entries(worst).map(([k, v]) => `${k} ${v.toFixed(1)} ms`).join(', ')}; budget (DESIGN.md section 7): ${kind === 'postgres' ? 'PostgreSQL 1M' : 'PGlite 100k'} p95 <= ${budget} ms`);
    services.mailer.close();
  } finally {
    server?.close();
    await cleanup();
  }
}

/** The plan of each scenario's one search statement, to see which indexes it uses. */
async function explain(database: Database) {
  for (const s of SCENARIOS) {
    const query = searchStatement(filtersOf(s.query), new Date());
    const rows = await queryRows<Record<string, string>>(database.db, sql`EXPLAIN (ANALYZE, COSTS OFF, SUMMARY) ${query}`);
    console.log(`\n-- ${s.name} (${s.query || 'no filter'})\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? `${error.message.slice(0, 300)}${error.cause ? `\n${String(error.cause)}` : ''}` : error);
  process.exit(1);
});
