/**
 * The search index's load at scale, as issue 41 asks it measured: how long it takes, how much
 * memory it holds, and the longest the event loop was held up while it loaded, merged writes,
 * compacted its dead slots and reloaded: perf_hooks' monitorEventLoopDelay (every block, PGlite's
 * statements included, as PGlite runs on this thread) beside the index's own longest slice
 * (slices.ts) and the longest load statement.
 *
 *   MALLOC_MMAP_THRESHOLD_=65536 node --max-semi-space-size=32 --initial-old-space-size=128 --heap-growing-percent=50 --max-old-space-size=3072 --import tsx scripts/measure-index-load.ts --count 100000 [--data-dir DIR]
 *   … scripts/measure-index-load.ts --database-url postgres://… --schema bench_search_<pid> [--writes 0]
 *
 * PGlite in a new temporary folder (or DIR, kept and seeded only if empty, to measure again),
 * seeded as the search benchmark seeds (scripts/bench-search/seed.ts); or a PostgreSQL schema
 * kept by `npm run bench:search -- --keep` (never seeded, never dropped here; writes touch it).
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
import { createSearchIndex, takeLongestLoadStatement } from '../server/search/memory/search-index.ts';
import { longerSlice, sliceText, takeLongestSlice, type LongestSlice } from '../server/search/memory/slices.ts';
import { engineQuery } from '../server/search/search.ts';
import { seedListings } from './bench-search/seed.ts';

const { values: args } = parseArgs({
  options: { count: { type: 'string', default: '100000' }, writes: { type: 'string', default: '5000' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, schema: { type: 'string' } },
});
const count = Number(args.count);
const url = args['database-url'];
if (url && !args.schema) throw new Error('--database-url needs --schema (a schema kept by bench:search --keep)');
const kept = url ? 'postgres' : args['data-dir'];
const dir = url ? '' : (args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'soko-index-load-')));
const database = url ? await openDatabase({ kind: 'postgres', url, searchPath: args.schema, max: 4 }) : await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
/** PGlite runs its statements on this thread. */
const inThread = !url;
const ms = (n: number) => n.toFixed(0);
const blocks = (monitor: ReturnType<typeof monitorEventLoopDelay>) =>
  `longest event-loop delay ${ms(monitor.max / 1e6)} ms (p99 ${ms(monitor.percentile(99) / 1e6)}); the index's own longest slice ${sliceText(takeLongestSlice())}`;
try {
  await migrate(database);
  const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM listings`)) as [{ n: number }];
  if (n === 0) await seedListings(database, count, 1, (line) => console.log(line));
  const mb = (n: number) => (n / 2 ** 20).toFixed(0);
  globalThis.gc?.();
  const before = process.memoryUsage();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  takeLongestSlice();
  delay.enable();
  const started = performance.now();
  const index = createSearchIndex(database.db, createLogger('silent'), { maxBytes: 2 ** 40, databaseInThread: inThread });
  await index.ready;
  const loadMs = performance.now() - started;
  delay.disable();
  globalThis.gc?.();
  const after = process.memoryUsage();
  const stats = index.stats();
  console.log(`loaded ${stats.ads} ads in ${(loadMs / 1000).toFixed(1)} s; ${blocks(delay)}; longest load statement (on this thread) ${ms(takeLongestLoadStatement())} ms`);
  console.log(
    `index size (counted/estimated) ${mb(stats.bytes)} MB; heap used + array buffers ${mb(before.heapUsed + before.arrayBuffers)} → ${mb(after.heapUsed + after.arrayBuffers)} MB; RSS ${mb(before.rss)} → ${mb(after.rss)} MB`,
  );
  console.log(`after the load and a full collection: heap used ${mb(after.heapUsed)} MB, array buffers ${mb(after.arrayBuffers)} MB, RSS ${mb(after.rss)} MB`);
  if (inThread) {
    // PGlite runs its statements on this thread: one load chunk's statement alone, to tell its share of the longest delay from the index's.
    const q0 = performance.now();
    await queryRows(database.db, sql`SELECT coalesce(json_agg(json_build_array(id, title, search_tokens, search_title_words(title))), '[]')::text AS ads FROM (SELECT * FROM listings WHERE status = 'active' ORDER BY created_at, id LIMIT 10000) c`);
    console.log(`one load chunk's statement (10,000 ads) on PGlite alone: ${(performance.now() - q0).toFixed(0)} ms of this thread`);
  }

  // Writes merged into the loaded index: price changes (new slots, price-order merges every 4,096).
  // The statements run first (on PGlite they hold this thread, not the index's doing); the delay is measured while the index catches up and merges.
  const writes = Number(args.writes);
  // A monitor enabled again counts the time it was off in its first sample (the statement
  // above): each round gets its own, and the longest of the rounds is reported.
  const merge = { max: 0, p99: 0 };
  let mergeMs = 0;
  let mergeSlice: LongestSlice = { ms: 0, cpuMs: 0 };
  for (let i = 0; i < writes; i += 500) {
    await queryRows(database.db, sql`UPDATE listings SET price = coalesce(price, 0) + 1 WHERE id IN (SELECT id FROM listings WHERE status = 'active' ORDER BY id OFFSET ${i} LIMIT 500)`);
    // A merge left running from the round before counts (the statement above is PGlite's, not a slice).
    mergeSlice = longerSlice(mergeSlice, takeLongestSlice());
    const round = monitorEventLoopDelay({ resolution: 5 });
    round.enable();
    const t0 = performance.now();
    await index.find(engineQuery({ search: 'toyota', sort: 'price_asc' }));
    // The price merge it started runs in slices after it: give it time to end inside the window.
    await new Promise((resolve) => setTimeout(resolve, 300));
    mergeMs += performance.now() - t0 - 300;
    round.disable();
    merge.max = Math.max(merge.max, round.max);
    merge.p99 = Math.max(merge.p99, round.percentile(99));
    mergeSlice = longerSlice(mergeSlice, takeLongestSlice());
  }
  console.log(
    `${writes} edits caught up and merged (${(mergeMs / 1000).toFixed(1)} s of catch-ups); longest event-loop delay ${ms(merge.max / 1e6)} ms (the rounds' highest p99 ${ms(merge.p99 / 1e6)}); the index's own longest slice ${sliceText(mergeSlice)}`,
  );
  const dead = index.stats();
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sample = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const compacting = monitorEventLoopDelay({ resolution: 5 });
  takeLongestSlice();
  compacting.enable();
  const c0 = performance.now();
  await index.compact();
  compacting.disable();
  clearInterval(sample);
  globalThis.gc?.();
  console.log(
    `compacted ${dead.slots} slots to ${index.stats().slots} in ${((performance.now() - c0) / 1000).toFixed(1)} s; ${blocks(compacting)}; RSS ${mb(rssBefore)} → peak ${mb(rssPeak)} → ${mb(process.memoryUsage().rss)} MB`,
  );
  const r0 = performance.now();
  const reload = monitorEventLoopDelay({ resolution: 5 });
  takeLongestSlice();
  reload.enable();
  await index.reload();
  reload.disable();
  console.log(`reload beside the live index in ${((performance.now() - r0) / 1000).toFixed(1)} s; ${blocks(reload)}; longest load statement ${ms(takeLongestLoadStatement())} ms; RSS ${mb(process.memoryUsage().rss)} MB`);
  index.close();
} finally {
  await database.close();
  if (!kept) fs.rmSync(dir, { recursive: true, force: true });
}
