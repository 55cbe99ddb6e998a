/**
 * `npm start`: builds the web app when its sources changed since the last build, then starts
 * the server in production mode (embedded database and demo data on first start; nothing else
 * to set up).
 *
 * package.json runs it with `--max-semi-space-size=32` (V8's young generation may grow to
 * 32 MB a half instead of 16): with 16 results pages in flight the default one filled every few
 * pages, and objects of requests still running were copied and promoted into the old generation,
 * which was then marked again within seconds. 64 MB answered pages a little faster still, but a
 * process then held more than the 600 MB RSS allowed at 1,000,000 ads
 * (docs/decisions/young-generation-size.md). node:cluster's workers inherit the flag.
 *
 * And `--initial-old-space-size=128`: V8 keeps the old generation's limit at 128 MB or more, and
 * starts marking it about a young generation (32 MB) below that. With about 60 MB live, its own
 * limit (about 98 MB) left so little room that it began marking every half second under load,
 * because a young collection might promote more than the room left; marking took about a sixth
 * of the server's CPU a search (docs/decisions/old-generation-headroom.md).
 *
 * And `--heap-growing-percent=50`: after each marking V8 lets the old generation grow 50% past
 * what survived it (or to 128 MB, whichever is more), where its own factor, up to four times, let
 * a busy process's heap grow by 60-130 MB of garbage under 16 clients before marking it: at
 * 1,000,000 ads `npm start` peaked at 567-671 MB RSS, and at 530-532 MB with the flag, for the
 * same CPU a search (30% held it as low, but let reloads hold the event loop up to 56 ms;
 * docs/decisions/heap-growth-factor.md).
 *
 * It also sets MALLOC_MMAP_THRESHOLD_=65536 in the environment: glibc then maps every block of
 * 64 kB or more on its own and returns it when freed, where its moving threshold kept the search
 * index's freed arrays in the process, and its heap the holes left by the index's growing lists
 * (about 140 MB at 1M ads; docs/decisions/malloc-mmap-threshold.md).
 *
 * It also sets `--max-old-space-size=3072`: an explicit heap ceiling, so a process that grows
 * fails in a known place rather than wherever V8's machine-dependent default puts it. It
 * leaves room for the search index twice (a reload builds the new one beside the old) at the
 * default SEARCH_INDEX_MAX_MB of 1024, and 1 GB for requests; the index refuses to grow past
 * what the heap allows (server/search/memory/search-index.ts, indexCeiling).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { buildIfStale } from './build-if-stale.ts';

const root = path.resolve(import.meta.dirname, '..');
// A local .env is optional; real environment variables win over it.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
// `npm start` is production: React picks its build from NODE_ENV when the server first imports
// it, so it must be set here, before the server is loaded. Development is `npm run dev`.
if (process.env.NODE_ENV && process.env.NODE_ENV !== 'production') {
  console.warn(`NODE_ENV=${process.env.NODE_ENV} ignored: npm start always runs production (use npm run dev for development).`);
}
process.env.NODE_ENV = 'production';
const config = loadConfig(process.env, root);
try {
  await buildIfStale(root, config.buildDir);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

await import('../server/index.ts');
