/**
 * Where a search's server time goes, in process (issue 15): the results page or the API asked
 * for distinct searches one after another through `app.fetch` (no HTTP, no load generator), with
 * the server's CPU per request and, if asked, a CPU or allocation profile of just those requests.
 * The load figures are bench:search's; this is for finding what to change, and checking a change
 * did what was meant, with far less noise than a run under load.
 *
 *   npm run profile:search                                  # pages, 20,000 ads seeded in PGlite
 *   npm run profile:search -- --kind api --database-url postgres://… --schema bench_search_<pid>
 *   npm run profile:search -- --cpu-profile page.cpuprofile # open in Chrome DevTools (Performance)
 *
 *   --kind K            page (default) or api
 *   --count N           PGlite only: ads to seed (default 20000)
 *   --database-url URL  PostgreSQL, with --schema: a schema kept by `bench:search --keep`
 *   --schema NAME       that schema (bench_search_<pid>)
 *   --requests N        measured requests per round (default 500), after 200 not measured
 *   --rounds N          rounds of the same searches (default 3): the first is often slower
 *   --encoding E        br (default, as browsers get), gzip or identity
 *   --cpu-profile FILE  a CPU profile of the measured requests
 *   --heap-profile FILE a sampling profile of every allocation they made, collected or not
 *   --build-dir DIR     the web app's build (default: BUILD_DIR, else build; `npm run build` first)
 *   --against DIR       pages only: compare with another build (an earlier commit's, say), the two
 *                       taking turns over blocks of BLOCK searches, so that the machine speeding up
 *                       or slowing down during the run (it does, by a tenth or more) falls on both
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ServerBuild } from 'react-router';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { SORTS } from '../server/search/search-query.ts';
import { createServices } from '../server/services.ts';
import { distinctQueries } from './bench-search/queries.ts';
import { createRng } from './bench-search/random.ts';
import { seedListings } from './bench-search/seed.ts';

const { values: args } = parseArgs({
  options: {
    kind: { type: 'string', default: 'page' },
    count: { type: 'string', default: '20000' },
    'database-url': { type: 'string' },
    schema: { type: 'string' },
    requests: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
    encoding: { type: 'string', default: 'br' },
    'cpu-profile': { type: 'string' },
    'heap-profile': { type: 'string' },
    'build-dir': { type: 'string' },
    against: { type: 'string' },
  },
});

const KIND = args.kind;
if (KIND !== 'page' && KIND !== 'api') throw new Error('--kind is page or api');
if (args.against && (KIND !== 'page' || args['cpu-profile'] || args['heap-profile'])) throw new Error('--against compares pages, without profiles');
const BLOCK = 50;
if (process.env.NODE_ENV !== 'production') throw new Error('profile:search needs NODE_ENV=production (npm run profile:search sets it), as npm start runs');
const url = args['database-url'];
if (url && !/^bench_search_\d+$/.test(args.schema ?? '')) throw new Error('--database-url needs --schema bench_search_<pid> (a schema kept by bench:search --keep)');
const REQUESTS = Number(args.requests);
const WARMUP = 200;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-profile-'));
const database = url ? await openDatabase({ kind: 'postgres', url, searchPath: args.schema }) : await openDatabase({ kind: 'pglite', dataDir: path.join(workDir, 'pglite') });
try {
  await migrate(database);
  if (!url) await seedListings(database, Number(args.count), 1, () => {});
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: workDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    SEARCH_CACHE_SECONDS: '0',
    ...(args['build-dir'] ? { BUILD_DIR: args['build-dir'] } : process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
  });
  const { services } = await createServices(config, { database });
  await services.searchIndex?.ready;
  const loadBuild = async (dir: string) => {
    const buildFile = path.join(dir, 'server', 'index.js');
    if (!fs.existsSync(buildFile)) throw new Error(`--kind page needs the web app built (npm run build): ${buildFile} is missing`);
    return (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  };
  const build = KIND === 'page' ? await loadBuild(config.buildDir) : undefined;
  const app = createApp(services, build ? { getBuild: async () => build } : {});
  const againstBuild = args.against ? await loadBuild(path.resolve(args.against)) : undefined;
  const apps = againstBuild ? [app, createApp(services, { getBuild: async () => againstBuild })] : [app];
  const names = [config.buildDir, ...(args.against ? [args.against] : [])];

  // The page's kind of search (bench:search --pages): no sort or price filter.
  const searches = distinctQueries(createRng(4242), WARMUP + REQUESTS, { sorts: SORTS }).map((q) => {
    const params = new URLSearchParams(q);
    for (const k of ['sort', 'minPrice', 'maxPrice']) params.delete(k);
    return `${KIND === 'page' ? '/listings' : '/api/listings'}?${params}`;
  });
  const headers: Record<string, string> = args.encoding === 'identity' ? {} : { 'accept-encoding': args.encoding };
  // What @hono/node-server hands the app for a request's connection: without it, reading the
  // client's address throws (server/app.ts catches it), an exception a request that HTTP never pays.
  const CONNECTION = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 0, remoteFamily: 'IPv4' } } };
  const ask = async (p: string, on = app) => {
    const response = await on.fetch(new Request(`http://127.0.0.1${p}`, { headers }), CONNECTION);
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${response.status} for ${p}`);
    return bytes;
  };
  for (const a of apps) for (const p of searches.slice(0, WARMUP)) await ask(p, a);

  const session = new inspector.Session();
  session.connect();
  if (args['cpu-profile']) {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  if (args['heap-profile']) {
    await session.post('HeapProfiler.enable');
    // Collected allocations too: what makes the garbage collector work is all that was allocated.
    await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
  }
  console.log(`${KIND}, ${url ? `PostgreSQL schema ${args.schema}` : `PGlite, ${Number(args.count).toLocaleString('en-KE')} ads`}, ${REQUESTS} distinct searches a round, ${args.encoding}:`);
  const perRequest = (n: number) => (n / REQUESTS).toFixed(2);
  for (let round = 1; round <= Number(args.rounds); round++) {
    const spent = apps.map(() => ({ ms: 0, cpu: 0, bytes: 0 }));
    const measured = searches.slice(WARMUP);
    for (let from = 0; from < measured.length; from += BLOCK) {
      // Each build goes first in every other block: neither always runs right after the other.
      const order = apps.map((_, i) => ((from / BLOCK) % 2 ? apps.length - 1 - i : i));
      for (const i of order) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        for (const p of measured.slice(from, from + BLOCK)) spent[i]!.bytes += await ask(p, apps[i]);
        const used = process.cpuUsage(cpu);
        spent[i]!.ms += performance.now() - started;
        spent[i]!.cpu += (used.user + used.system) / 1000;
      }
    }
    spent.forEach((t, i) => {
      const which = apps.length > 1 ? ` ${names[i]}` : '';
      console.log(`  round ${round}${which}: ${perRequest(t.ms)} ms a request, ${perRequest(t.cpu)} ms of this process's CPU (all threads), ${(t.bytes / REQUESTS / 1024).toFixed(1)} kB`);
    });
  }
  if (args['cpu-profile']) fs.writeFileSync(args['cpu-profile'], JSON.stringify((await session.post('Profiler.stop')).profile));
  if (args['heap-profile']) fs.writeFileSync(args['heap-profile'], JSON.stringify((await session.post('HeapProfiler.stopSampling')).profile));
  session.disconnect();
  services.mailer.close();
} finally {
  await database.close();
  fs.rmSync(workDir, { recursive: true, force: true });
}
// The index's timers and the PostgreSQL pool's sockets would keep a finished run waiting.
process.exit(0);
