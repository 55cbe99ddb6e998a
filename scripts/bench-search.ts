/**
 * Search benchmark (issue 15, DESIGN.md section 7).
 *
 *   npm run bench:search                       # 100,000 listings, embedded PGlite in a temp folder
 *   npm run bench:search -- --count 1000000 --database-url postgres://postgres@127.0.0.1:5432/soko_bench --keep
 *   npm run bench:search -- --database-url postgres://… --schema bench_search_<pid>   # measure a kept schema again
 *
 * Default mode, `distinct`: every request is a different search (scripts/bench-search/queries.ts:
 * seeded, never repeated within a run), with the search cache OFF, over HTTP from a worker
 * thread with 1 and then 16 clients. Prints p50, p95, p99, max and req/s, then the slowest
 * searches with the plans of their statements. `--mode warm` is the old repeated-URL run (six
 * searches, each asked again and again, search cache on): the "warm cache" figure.
 *
 * The target is always explicit and private: PGlite in a new temporary folder, or a new schema
 * (bench_search_<pid>) in the given PostgreSQL database, dropped at the end unless --keep.
 *   --count N          listings to seed (default 100000)
 *   --database-url URL PostgreSQL instead of PGlite (DATABASE_URL is NOT picked up implicitly)
 *   --schema NAME      PostgreSQL only: measure a schema kept by an earlier --keep run (no seeding, not dropped)
 *   --keep             keep the seeded data (prints where it is)
 *   --mode M           distinct (default) or warm
 *   --requests N       measured requests per client count (default 1500; warm mode: per scenario)
 *   --clients LIST     client counts, comma-separated (default 1,16)
 *   --seconds S        time cap per measured run (default 60)
 *   --seed N           seed of the data and of the searches (default 1)
 *   --runs N           measure N times on the same data, each with searches of its own, and print the medians (default 1)
 *   --pages            also the HTML results page (/listings?search=…), and the API on searches of the same kinds to compare it with; needs `npm run build` first
 *   --build-dir DIR    where that build is (default: BUILD_DIR, else build)
 *   --slowest N        slowest searches shown with their plans (default 10)
 *   --writes N         then post N ads (4 at a time), report ads/s, and check each is found by search at once
 *   --explain          print the plan of one search of each shape first
 *   --processes N      server processes on one port, as `npm start` runs WEB_CONCURRENCY (default: its default for the database here:
 *                      one a core with PostgreSQL, 1 with PGlite, the only number PGlite allows); 1 serves from the benchmark's own process,
 *                      more fork server processes (scripts/bench-search/server-process.ts); --writes needs 1
 *   --pool N           PostgreSQL connections a server process (default: what one of `npm start` has here, DATABASE_POOL_SIZE's default)
 *   --verify           then ask 1% of the measured searches of both engines (memory index and database) and exit 1 on any difference
 *                      in ids, order, next-page flag, or total where the database counted to the end (issue 41)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance as nodePerformance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { inArray, sql } from 'drizzle-orm';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, queryRows, type Database } from '../server/db/client.ts';
import { listingImages, listings } from '../server/db/schema/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { parseListingQuery } from '../server/listings/listing-query.ts';
import { explainSearch } from '../server/search/database/database-engine.ts';
import { searchListings, type SearchOptions } from '../server/search/search.ts';
import { SORTS } from '../server/search/search-query.ts';
import { cpuPerRequest, cpuSnapshot, formatCpu, type CpuPerRequest, type CpuSnapshot } from './bench-search/cpu-accounting.ts';
import { runLoad, summarize, type LoadResult, type Summary } from './bench-search/http-load.ts';
import { distinctQueries } from './bench-search/queries.ts';
import { createRng } from './bench-search/random.ts';
import { seedListings } from './bench-search/seed.ts';
import { explainSlowest, loadBuild, loadServices, memoryText, processMemory, verifyEngines } from './bench-search/server-side.ts';
import { startServerProcesses, type ServerProcesses } from './bench-search/server-processes.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    schema: { type: 'string' },
    keep: { type: 'boolean', default: false },
    mode: { type: 'string', default: 'distinct' },
    requests: { type: 'string' },
    clients: { type: 'string', default: '1,16' },
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '1' },
    'build-dir': { type: 'string' },
    pages: { type: 'boolean', default: false },
    slowest: { type: 'string', default: '10' },
    writes: { type: 'string', default: '0' },
    explain: { type: 'boolean', default: false },
    pool: { type: 'string' },
    verify: { type: 'boolean', default: false },
    processes: { type: 'string' },
  },
});

const COUNT = Number(args.count);
const MODE = args.mode;
if (MODE !== 'distinct' && MODE !== 'warm') throw new Error('--mode is distinct or warm');
const REQUESTS = Number(args.requests ?? (MODE === 'warm' ? 200 : 1500));
const CLIENT_COUNTS = args.clients.split(',').map(Number);
const CAP_MS = Number(args.seconds) * 1000;
const SEED = Number(args.seed);
const RUNS = Math.max(1, Number(args.runs));
/** PostgreSQL runs in processes of its own, whose CPU the report counts; PGlite runs in the server's main thread. */
const EXTERNAL_DATABASE = Boolean(args['database-url']);
/** Server processes: by default as many as `npm start` runs for this database on this machine (WEB_CONCURRENCY's default). */
const PROCESSES = args.processes ? Number(args.processes) : EXTERNAL_DATABASE ? loadConfig({ NODE_ENV: 'production', DATABASE_URL: args['database-url'] }).webConcurrency : 1;
if (!Number.isInteger(PROCESSES) || PROCESSES < 1) throw new Error('--processes is a whole number, 1 or more');
if (PROCESSES > 1 && !EXTERNAL_DATABASE) throw new Error('--processes: PGlite allows only 1 (the embedded database belongs to one process); more need --database-url');
if (PROCESSES > 1 && Number(args.writes) > 0) throw new Error('--writes needs --processes 1 (it posts through the memory index of the benchmark\'s own process)');

/**
 * Where the searches are served: the benchmark's own process, or server processes of their own
 * (--processes N). --verify's and --slowest's work is done where the memory index is.
 */
type Server = Pick<ServerProcesses, 'base' | 'eventLoop' | 'verify' | 'slowest' | 'memory'> & { pids?: number[] };

/** The old fixed searches, asked again and again: what the search cache does for popular searches. */
const WARM_SCENARIOS: Array<{ name: string; query: string }> = [
  { name: 'browse (no filter)', query: '' },
  { name: 'common word', query: 'search=toyota' },
  { name: 'model', query: 'search=toyota%20corolla' },
  { name: 'short word', query: 'search=tv' },
  { name: 'category + word', query: 'category=Electronics&search=samsung' },
  { name: 'location', query: 'location=ruiru' },
];

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(7);

function printSummaryHeader() {
  console.log('what                       | clients |     n | errors |     p50 |     p95 |     p99 |     max |  req/s');
  console.log('---------------------------|---------|-------|--------|---------|---------|---------|---------|-------');
}
function printSummary(name: string, clients: number, s: Summary) {
  console.log(
    `${name.padEnd(26)} | ${String(clients).padStart(7)} | ${String(s.n).padStart(5)} | ${String(s.errors).padStart(6)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.rps.toFixed(0).padStart(6)}`,
  );
}

async function main() {
  // React picks its build when first imported, from NODE_ENV: pages measured with its development build would be several times slower than `npm start` serves them.
  if (args.pages && process.env.NODE_ENV !== 'production') throw new Error('--pages needs NODE_ENV=production (npm run bench:search sets it), as npm start runs');
  const url = args['database-url'];
  const kind = url ? 'postgres' : 'pglite';
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-bench-'));
  const reuse = args.schema;
  if (reuse && (!url || !/^bench_search_\d+$/.test(reuse))) throw new Error('--schema needs --database-url and a bench_search_<pid> name');
  const schema = reuse ?? `bench_search_${process.pid}`;
  let database: Database;
  // The pool a server process of `npm start` has on this machine with that many processes
  // (DATABASE_POOL_SIZE's default), not one sized for the benchmark, unless --pool says otherwise.
  const max = url ? (args.pool ? Number(args.pool) : loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, WEB_CONCURRENCY: String(PROCESSES) }).databasePoolSize) : 0;
  const serverProcesses = `${PROCESSES} server process${PROCESSES > 1 ? 'es' : ''}`;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    if (!reuse) await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    database = await openDatabase({ kind: 'postgres', url, searchPath: schema, max });
    console.log(`Target: PostgreSQL ${new URL(url).host}${new URL(url).pathname}, private schema ${schema}, ${serverProcesses}, ${max} connections${PROCESSES > 1 ? ' each' : ''}`);
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(workDir, 'pglite') });
    console.log(`Target: embedded PGlite in ${workDir}, ${serverProcesses}`);
  }
  let stopServer = async () => {};
  const cleanup = async () => {
    await stopServer();
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

  try {
    await migrate(database);
    if (reuse) {
      await database.db.execute(sql.raw('ANALYZE listings'));
    } else {
      console.log(`Seeding ${COUNT.toLocaleString('en-KE')} listings (seed ${SEED})...`);
      await seedListings(database, COUNT, SEED, console.log);
    }

    // What the server's loadConfig gets, in this process or passed to each server process.
    const configValues: Record<string, string> = {
      NODE_ENV: 'production',
      DATA_DIR: workDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      ...(args['build-dir'] ? { BUILD_DIR: args['build-dir'] } : process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      // Distinct searches are measured against the database: a budget met only by the cache does not count.
      SEARCH_CACHE_SECONDS: MODE === 'warm' ? '60' : '0',
      // The server's default unless set here (0 measures a process that takes traffic cold).
      ...(process.env.SEARCH_WARM_UP_SEARCHES ? { SEARCH_WARM_UP_SEARCHES: process.env.SEARCH_WARM_UP_SEARCHES } : {}),
    };
    let server: Server;
    let search: SearchOptions | undefined;
    if (url && PROCESSES > 1) {
      const processes = await startServerProcesses(PROCESSES, { url, schema, max, pages: args.pages, config: configValues });
      stopServer = processes.stop;
      for (const line of processes.lines) console.log(line);
      server = processes;
    } else {
      const config = loadConfig(configValues);
      const { services, lines } = await loadServices(config, database);
      for (const line of lines) console.log(line);
      const build = args.pages ? await loadBuild(config.buildDir) : undefined;
      const app = createApp(services, build ? { getBuild: async () => build } : {});
      let http: ReturnType<typeof serve> | undefined;
      const port = await new Promise<number>((resolve) => {
        http = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve(info.port));
      });
      stopServer = async () => {
        services.mailer.close();
        http?.close();
      };
      search = { cache: services.searchCache, index: services.searchIndex };
      server = {
        base: `http://127.0.0.1:${port}`,
        eventLoop() {
          const started = nodePerformance.eventLoopUtilization();
          return async () => nodePerformance.eventLoopUtilization(started).utilization;
        },
        verify: (queries) => verifyEngines(database, services.searchIndex, queries),
        slowest: (searches) => explainSlowest(database, services.searchIndex, searches),
        // This process also runs the load generator's thread.
        memory: async () => [processMemory()],
      };
    }
    const [{ n: listed } = { n: 0 }] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM listings`);
    const label = `${kind}, ${Number(listed).toLocaleString('en-KE')} listings`;

    if (args.explain) await explainShapes(database);

    if (MODE === 'warm') {
      console.log(`\n${label}, WARM CACHE (each search repeated; search cache on); up to ${REQUESTS} requests per row; ms`);
      printSummaryHeader();
      for (const s of WARM_SCENARIOS) {
        const p = `/api/listings${s.query ? `?${s.query}` : ''}`;
        for (const clients of CLIENT_COUNTS) {
          const paths = Array.from({ length: clients === 1 ? REQUESTS : REQUESTS * 2 }, () => p);
          printSummary(s.name, clients, summarize(await runLoad(server.base, paths, Array.from({ length: clients * 3 }, () => p), clients, CAP_MS)));
        }
      }
    } else if (REQUESTS > 0) {
      await distinctRuns(server, label);
    }
    const writes = Number(args.writes);
    if (writes > 0 && search) await measureWrites(database, search, writes);
  } finally {
    await cleanup();
  }
}

/**
 * The page runs' searches: without sort and price filters. The page has both; the page runs
 * have always left them out, so the API is also measured on searches of this kind to compare.
 */
function pageQuery(query: string): string {
  const q = new URLSearchParams(query);
  for (const k of ['sort', 'minPrice', 'maxPrice']) q.delete(k);
  return q.toString();
}

async function distinctRuns(server: Server, label: string) {
  const warmupPer = (clients: number) => Math.max(20, clients * 3);
  const perRun = CLIENT_COUNTS.map((c) => REQUESTS + warmupPer(c));
  const total = perRun.reduce((a, b) => a + b, 0) * (args.pages ? 3 : 1) * RUNS;
  const queries = distinctQueries(createRng(SEED * 7919 + 17), total, { sorts: SORTS });
  if (queries.length < total) throw new Error(`only ${queries.length} distinct searches could be made`);
  // Each run takes its own slice: no search is asked twice in the whole run.
  let taken = 0;
  const take = (n: number) => queries.slice(taken, (taken += n));

  console.log(`\n${label}, DISTINCT searches (none repeated; search cache off); up to ${REQUESTS} per run, ${CAP_MS / 1000} s cap; ms over HTTP`);
  printSummaryHeader();
  const runs: Array<{ name: string; clients: number; result: LoadResult; cpu: CpuPerRequest | null; busy: number }> = [];
  const measure = async (name: string, label: string, clients: number, paths: string[], warmup: string[]) => {
    const run = await measuredLoad(server, paths, warmup, clients);
    printSummary(label, clients, summarize(run.result));
    if (run.cpu) console.log(`  ${formatCpu(run.cpu, run.busy, !EXTERNAL_DATABASE, PROCESSES)}`);
    runs.push({ name, clients, ...run });
  };
  for (let r = 1; r <= RUNS; r++) {
    const suffix = RUNS > 1 ? ` (run ${r})` : '';
    for (const clients of CLIENT_COUNTS) {
      const warm = take(warmupPer(clients));
      await measure('API', `API /api/listings${suffix}`, clients, take(REQUESTS).map((q) => `/api/listings?${q}`), warm.map((q) => `/api/listings?${q}`));
      if (args.pages) {
        const pwarm = take(warmupPer(clients));
        await measure('page', `page /listings${suffix}`, clients, take(REQUESTS).map((q) => `/listings?${pageQuery(q)}`), pwarm.map((q) => `/listings?${pageQuery(q)}`));
        // The API on searches of the same kinds as the page's (no sort or price filter, searches of
        // their own): the figure the page is compared with.
        const awarm = take(warmupPer(clients));
        await measure('API, page kind', `API, page's kind${suffix}`, clients, take(REQUESTS).map((q) => `/api/listings?${pageQuery(q)}`), awarm.map((q) => `/api/listings?${pageQuery(q)}`));
      }
    }
  }
  if (RUNS > 1) {
    console.log(`\nMedian of the ${RUNS} runs, figure by figure:`);
    printSummaryHeader();
    const labels: Record<string, string> = { API: 'API /api/listings', page: 'page /listings', 'API, page kind': "API, page's kind" };
    for (const name of Object.keys(labels))
      for (const clients of CLIENT_COUNTS) {
        const these = runs.filter((r) => r.name === name && r.clients === clients);
        if (!these.length) continue;
        printSummary(labels[name]!, clients, medianSummary(these.map((r) => summarize(r.result))));
        const cpus = these.flatMap((r) => (r.cpu ? [r.cpu] : []));
        if (cpus.length) console.log(`  ${formatCpu(medianCpu(cpus), median(these.map((r) => r.busy)), !EXTERNAL_DATABASE, PROCESSES)}`);
      }
  }
  const memory = await server.memory();
  console.log(`Server process memory after the runs: ${memory.map((m, i) => `${memory.length > 1 ? `process ${i + 1} ` : ''}${memoryText(m)}`).join('; ')}`);
  printShapes(runs.filter((r) => r.name === 'API' && r.clients === Math.min(...CLIENT_COUNTS)));
  const failures = runs.flatMap((r) => r.result.timings.filter((t) => t.status !== 200));
  if (failures.length) console.log(`\nFailed requests (first 5): ${failures.slice(0, 5).map((f) => `${f.status} ${f.path}`).join('\n  ')}`);

  const slowestCount = Number(args.slowest);
  if (slowestCount > 0) {
    const apiTimings = runs.filter((r) => r.name === 'API').flatMap((r) => r.result.timings.map((t) => ({ ...t, clients: r.clients })));
    const slowest = apiTimings.sort((a, b) => b.ms - a.ms).slice(0, slowestCount);
    console.log(`\nThe ${slowest.length} slowest API searches, run again alone: the memory index's time, or the plans of the database's statements:`);
    for (const line of await server.slowest(slowest.map(({ path, ms, clients }) => ({ path, ms, clients })))) console.log(line);
  }
  if (args.verify) {
    // 1% of the searches asked of both engines: any difference fails the run (exit code 1).
    const report = await server.verify(queries.slice(0, taken).filter((_, i) => i % 100 === 0));
    console.log(report.text);
    if (report.differences) process.exitCode = 1;
  }
}

/** What kind of search a path is: its order, and whether it has words, a location, a category. */
function shapeOf(path: string): string {
  const q = new URLSearchParams(path.slice(path.indexOf('?') + 1));
  const sort = q.get('sort') ?? 'newest';
  const parts = [sort.startsWith('price') ? 'price order' : sort === 'best' ? 'best match' : 'newest'];
  parts.push(q.get('search')?.trim() ? 'words' : 'no words');
  if (q.get('location')) parts.push('location');
  if (q.get('category')) parts.push('category');
  return parts.join(', ');
}

/** Where the time goes with the fewest clients: p50 and p95 of each shape of search, all runs together. */
function printShapes(runs: Array<{ result: LoadResult }>) {
  const byShape = new Map<string, number[]>();
  for (const t of runs.flatMap((r) => r.result.timings)) {
    const key = shapeOf(t.path);
    byShape.set(key, [...(byShape.get(key) ?? []), t.ms]);
  }
  if (byShape.size === 0) return;
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  console.log(`
By shape, ${Math.min(...CLIENT_COUNTS)} client(s), all runs:`);
  console.log('shape                                         |     n |     p50 |     p95 |     max');
  for (const [shape, times] of [...byShape].sort((a, b) => b[1].length - a[1].length)) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`${shape.padEnd(46)}| ${String(sorted.length).padStart(5)} | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 95))} | ${ms(sorted.at(-1)!)}`);
  }
}

/**
 * One measured load, with where its CPU went: snapshots taken when the warm-up is done and at
 * the end, and the event loop's utilisation over the same span.
 */
async function measuredLoad(server: Server, paths: string[], warmup: string[], clients: number) {
  let before: CpuSnapshot | null = null;
  let loopBusy: (() => Promise<number>) | undefined;
  const result = await runLoad(server.base, paths, warmup, clients, CAP_MS, () => {
    before = cpuSnapshot(EXTERNAL_DATABASE, server.pids);
    loopBusy = server.eventLoop();
  });
  const after = cpuSnapshot(EXTERNAL_DATABASE, server.pids);
  const cpu = before && after ? cpuPerRequest(before, after, result.timings.length, result.loadGeneratorCpuSeconds) : null;
  return { result, cpu, busy: loopBusy ? await loopBusy() : NaN };
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function medianCpu(cpus: CpuPerRequest[]): CpuPerRequest {
  return {
    mainMs: median(cpus.map((c) => c.mainMs)),
    helpersMs: median(cpus.map((c) => c.helpersMs)),
    postgresMs: median(cpus.map((c) => c.postgresMs)),
    loadGeneratorMs: median(cpus.map((c) => c.loadGeneratorMs)),
    cores: median(cpus.map((c) => c.cores)),
  };
}

/** Each figure's median over several runs. */
function medianSummary(summaries: Summary[]): Summary {
  const of = (pick: (s: Summary) => number) => median(summaries.map(pick));
  return { n: of((s) => s.n), errors: of((s) => s.errors), p50: of((s) => s.p50), p95: of((s) => s.p95), p99: of((s) => s.p99), max: of((s) => s.max), rps: of((s) => s.rps) };
}

/** The plan of one search of each shape, to see which indexes each uses. */
async function explainShapes(database: Database) {
  for (const s of WARM_SCENARIOS) {
    console.log(`\n-- ${s.name} (${s.query || 'no filter'})`);
    console.log(await explainSearch(database.db, parseListingQuery(new URLSearchParams(s.query))));
  }
}

/**
 * Posting on a big table, indexes included: the same two inserts createListing makes (the ad
 * and its photo rows; photo processing is not measured here), 4 at a time. After each post,
 * a search for the ad's own word, through the search cache as the server runs it, must find it.
 */
async function measureWrites(database: Database, search: SearchOptions, count: number) {
  const { db } = database;
  const [owner] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
  const latencies: number[] = [];
  const seenAfter: number[] = [];
  const ids: string[] = [];
  const marker = `benchpost${process.pid}x`;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const word = `${marker}${i}`;
      const t = performance.now();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(listings)
          .values({ ownerId: owner!.id, title: `Toyota Axio 2016 ${word}`, description: 'Clean, one owner, full service history. Call or WhatsApp.', category: 'Cars & Vehicles', price: 1_250_000, location: 'Ruiru, Kiambu' })
          .returning({ id: listings.id });
        await tx.insert(listingImages).values({ listingId: row!.id, position: 0, storageKey: `bench-${word}`, width: 1280, height: 960 });
        return row!.id;
      });
      const posted = performance.now();
      latencies.push(posted - t);
      ids.push(id);
      const found = await searchListings(db, { search: word, sort: 'newest' }, search);
      if (found.items[0]?._id !== id) throw new Error(`a new ad was not found by search right after posting (${word})`);
      seenAfter.push(performance.now() - posted);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const seconds = (performance.now() - started - seenAfter.reduce((a, b) => a + b, 0) / 4) / 1000;
  latencies.sort((a, b) => a - b);
  seenAfter.sort((a, b) => a - b);
  const p95 = (xs: number[]) => xs[Math.ceil(0.95 * xs.length) - 1]!;
  console.log(
    `\nPosting ${count} ads, 4 at a time: ${(count / seconds).toFixed(0)} ads/s, p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, p95 ${p95(latencies).toFixed(1)} ms per post; ` +
      `each found by search right after its commit (search took p95 ${p95(seenAfter).toFixed(1)} ms, max ${seenAfter.at(-1)!.toFixed(1)} ms)`,
  );
  await db.delete(listings).where(inArray(listings.id, ids));
}

main().catch((error) => {
  console.error(error instanceof Error ? `${error.message.slice(0, 500)}${error.cause ? `\n${String(error.cause)}` : ''}\n${error.stack}` : error);
  process.exit(1);
});
