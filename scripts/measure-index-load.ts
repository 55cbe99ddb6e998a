/**
 * The search index's load at scale, as issue 41 asks it measured: how long it takes, how much
 * memory it holds, and the longest the event loop was held up while it loaded and while it
 * merged writes (perf_hooks' monitorEventLoopDelay, 10 ms resolution).
 *
 *   node --max-semi-space-size=64 --max-old-space-size=3072 --import tsx scripts/measure-index-load.ts --count 100000
 *
 * PGlite in a new temporary folder, seeded as the search benchmark seeds (scripts/bench-search/seed.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { createLogger } from '../server/logger.ts';
import { createSearchIndex } from '../server/search/memory/search-index.ts';
import { engineQuery } from '../server/search/search.ts';
import { seedListings } from './bench-search/seed.ts';

const { values: args } = parseArgs({ options: { count: { type: 'string', default: '100000' }, writes: { type: 'string', default: '5000' } } });
const count = Number(args.count);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-index-load-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
try {
  await migrate(database);
  await seedListings(database, count, 1, (line) => console.log(line));
  const mb = (n: number) => (n / 2 ** 20).toFixed(0);
  globalThis.gc?.();
  const before = process.memoryUsage();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const index = createSearchIndex(database.db, createLogger('silent'), { maxBytes: 2 ** 40 });
  await index.ready;
  const loadMs = performance.now() - started;
  delay.disable();
  globalThis.gc?.();
  const after = process.memoryUsage();
  const stats = index.stats();
  console.log(`loaded ${stats.ads} ads in ${(loadMs / 1000).toFixed(1)} s; longest event-loop delay while loading ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms)`);
  console.log(
    `index size (counted/estimated) ${mb(stats.bytes)} MB; heap used + array buffers ${mb(before.heapUsed + before.arrayBuffers)} → ${mb(after.heapUsed + after.arrayBuffers)} MB; RSS ${mb(before.rss)} → ${mb(after.rss)} MB`,
  );
  // PGlite runs its statements on this thread: one load chunk's statement alone, to tell its share of the longest delay from the index's.
  const q0 = performance.now();
  await queryRows(database.db, sql`SELECT coalesce(json_agg(json_build_array(id, title, search_tokens, search_title_words(title))), '[]')::text AS ads FROM (SELECT * FROM listings WHERE status = 'active' ORDER BY created_at, id LIMIT 10000) c`);
  console.log(`one load chunk's statement (10,000 ads) on PGlite alone: ${(performance.now() - q0).toFixed(0)} ms of this thread`);

  // Writes merged into the loaded index: price changes (new slots, price-order merges every 4,096).
  const writes = Number(args.writes);
  const merge = monitorEventLoopDelay({ resolution: 10 });
  merge.enable();
  const t0 = performance.now();
  for (let i = 0; i < writes; i += 500) {
    await queryRows(database.db, sql`UPDATE listings SET price = coalesce(price, 0) + 1 WHERE id IN (SELECT id FROM listings WHERE status = 'active' ORDER BY id OFFSET ${i} LIMIT 500)`);
    await index.find(engineQuery({ search: 'toyota', sort: 'price_asc' }));
  }
  merge.disable();
  console.log(`${writes} edits caught up and merged in ${((performance.now() - t0) / 1000).toFixed(1)} s; longest event-loop delay ${(merge.max / 1e6).toFixed(0)} ms`);
  const r0 = performance.now();
  const reload = monitorEventLoopDelay({ resolution: 10 });
  reload.enable();
  await index.reload();
  reload.disable();
  console.log(`reload beside the live index in ${((performance.now() - r0) / 1000).toFixed(1)} s; longest event-loop delay ${(reload.max / 1e6).toFixed(0)} ms; RSS ${mb(process.memoryUsage().rss)} MB`);
  index.close();
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
