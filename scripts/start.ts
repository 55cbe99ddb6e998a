/**
 * `npm start`: builds the web app when its sources changed since the last build, then starts
 * the server in production mode (embedded database and demo data on first start; nothing else
 * to set up).
 *
 * package.json runs it with `--max-semi-space-size=64` (V8's young generation may grow to
 * 64 MB a half instead of 16). A results page allocates about 1.7 MB, and with 16 pages in
 * flight the default young generation filled every few pages: objects of requests still
 * running were copied and then promoted, so the old generation (which holds the search index's
 * 290 MB at 1,000,000 ads) filled and was marked again within seconds, and each marking held up
 * every request in flight by 100–200 ms (docs/decisions/young-generation-size.md). The space grows only
 * when the server is that busy; node:cluster's workers inherit the flag.
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
