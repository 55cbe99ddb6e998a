/**
 * Search suggestions (issue 42, point 2): how long suggest() takes for many distinct prefixes,
 * from the memory index and from the database (its table of words, migration 1850): p50/p95 in
 * ms, one client, in process (no HTTP). Also the job's refresh of the table, once.
 *
 *   npm run bench:suggest -- [ads=100000] [postgres://…/an_empty_database]
 *   npm run bench:suggest -- 0 postgres://…/the_same_database      # measure again, no seeding
 *   npm run bench:suggest -- 0 postgres://…/the_same_database keep-words
 *        # the database path only, on the table of words as it is (no refresh): a table filled by
 *        # hand with many more words than the seed's vocabulary, to measure dense prefixes
 *
 * Without a URL: PGlite copied from the migrated test template. With one: that database, which
 * must be empty (it is migrated and filled here by scripts/bench-search/seed.ts; drop it afterwards).
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { refreshSuggestionWords } from '../server/search/database/database-suggest.ts';
import { createSearchIndex, type SearchIndex } from '../server/search/memory/search-index.ts';
import { suggest } from '../server/search/suggest.ts';
import { pgliteTemplate } from '../tests/support/templates.ts';
import { createRng } from './bench-search/random.ts';
import { seedListings } from './bench-search/seed.ts';

const asked = Number(process.argv[2]);
const ads = asked === 0 ? 0 : Math.min(2_000_000, asked || 100_000);
const url = process.argv[3];
const keepWords = process.argv[4] === 'keep-words';
const PREFIXES = 2000;

const database = url ? await openDatabase({ kind: 'postgres', url }) : await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
await migrate(database);
const db = database.db;
const t0 = performance.now();
if (ads > 0) await seedListings(database, ads, 1, console.log);
const [{ n: total }] = (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM listings WHERE status = 'active'`)) as [{ n: number }];
console.log(`data: ${total} active ads on ${database.kind}; seeded in ${Math.round((performance.now() - t0) / 1000)} s`);

let start = performance.now();
if (!keepWords) {
  const words = await refreshSuggestionWords(db);
  console.log(`refresh of the table of words: ${words} words in ${Math.round(performance.now() - start)} ms`);
}

// Distinct prefixes of 2 to 6 characters of the vocabulary's words, in a seeded random order, and
// a tenth typed after another word ("toyota ax").
const rng = createRng(7);
const vocabulary = (await queryRows<{ word: string }>(db, sql`SELECT word FROM search_suggestion_words WHERE word ~ '^[a-z]{2,}$' ORDER BY md5(word) LIMIT 20000`)).map((r) => r.word);
console.log(`table of words: ${(await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM search_suggestion_words`))[0]!.n} words`);
const prefixes = new Set<string>();
for (let i = 0; prefixes.size < PREFIXES && i < PREFIXES * 20; i++) {
  const prefix = rng.pick(vocabulary).slice(0, rng.int(2, 6));
  prefixes.add(i % 10 === 0 ? `${rng.pick(vocabulary)} ${prefix}` : prefix);
}
const asks = [...prefixes];

async function measure(name: string, index: SearchIndex | undefined) {
  for (const q of asks.slice(0, 50)) await suggest(db, index, q);
  const times: number[] = [];
  let shown = 0;
  for (const q of asks) {
    const s = performance.now();
    shown += (await suggest(db, index, q)).length;
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  console.log(`${name.padEnd(9)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms  max ${at(1)} ms  (${asks.length} distinct prefixes, one client, ${(shown / asks.length).toFixed(1)} suggestions each)`);
}

await measure('database', undefined);
if (keepWords) {
  await database.close();
  process.exit(0);
}
start = performance.now();
const index = createSearchIndex(db, pino({ level: 'silent' }), { databaseInThread: database.kind === 'pglite' });
await index.ready;
console.log(`memory index loaded in ${Math.round(performance.now() - start)} ms (${index.stats().ads} ads)`);
await measure('memory', index);
index.close();
await database.close();
