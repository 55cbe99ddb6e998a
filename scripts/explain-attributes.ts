/**
 * The plans of attribute filters (issue 18, point 5) over many ads, for docs/attributes.md.
 *
 *   createdb -h 127.0.0.1 -U postgres soko_attrs && \
 *   npx tsx scripts/explain-attributes.ts postgres://postgres@127.0.0.1:5432/soko_attrs 1000000 && \
 *   dropdb -h 127.0.0.1 -U postgres soko_attrs
 *
 * Fills an empty database with `count` active ads (40% Cars with make, model, year, mileage,
 * transmission and fuel; 20% flats For rent with bedrooms; 20% Phones with brand and storage;
 * 20% furniture without fields), then prints EXPLAIN ANALYZE of a plain containment query and of
 * the site's own search (server/search/database/bounded-search.ts) for a rare and a common filter.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { explainSearch } from '../server/search/database/database-engine.ts';
import { searchCards } from '../server/search/search.ts';
import { parseListingQuery } from '../server/listings/listing-query.ts';

const [url, countText = '1000000'] = process.argv.slice(2);
if (!url) throw new Error('usage: explain-attributes.ts <postgres url> [count]');
const count = Number(countText);
const database = await openDatabase({ kind: 'postgres', url });
const { db } = database;
await migrate(database);
const [user] = await queryRows<{ id: string }>(
  db,
  sql`INSERT INTO users (first_name, last_name, email, password_hash, username) VALUES ('Bench', 'Seller', ${`bench-${Date.now()}@example.co.ke`}, 'x', ${`bench${Date.now()}`}) RETURNING id`,
);
const started = Date.now();
const CHUNK = 50_000;
// A database filled by an earlier run is measured again as it is.
const [{ n: already } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM listings`);
for (let from = already >= count ? count : 0; from < count; from += CHUNK) {
  const to = Math.min(count, from + CHUNK);
  // Without the row triggers (seller counts, places, change counter, the attributes check: the rows
  // are made valid here): a bulk load for plans, not a site.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
    INSERT INTO listings (owner_id, title, description, category, subcategory, location, price, created_at, attributes)
    SELECT ${user!.id}, (ARRAY['Car','Car','Flat','Phone','Sofa'])[1 + g % 5] || ' ' || g, 'Bench ad',
           (ARRAY['Cars & Vehicles','Cars & Vehicles','Property','Electronics','Furniture'])[1 + g % 5],
           (ARRAY['Cars','Cars','For rent','Phones','Sofas'])[1 + g % 5],
           'Nairobi', 1000 + (g::bigint * 7919) % 2000000, now() - (g % 1000000) * interval '30 seconds',
           CASE
             WHEN g % 5 IN (0, 1) THEN jsonb_build_object(
               -- Land Rover: one car in 200.
               'make', CASE WHEN g % 1000 IN (0, 1) THEN 'Land Rover' ELSE (ARRAY['Toyota','Toyota','Toyota','Nissan','Nissan','Mazda','Subaru','Honda','Mitsubishi','Isuzu'])[1 + (g / 5) % 10] END,
               -- Models as sellers type them; Discovery (the Land Rovers) is as rare as its make.
               'model', CASE WHEN g % 1000 IN (0, 1) THEN 'Discovery 4' ELSE (ARRAY['Corolla Axio','Corolla Fielder','Probox','Vitz','premio','Note','X-Trail','Demio','Forester','Fit'])[1 + (g / 3) % 10] END,
               'year', 1995 + (g / 7) % 31, 'mileage', (g::bigint * 104729) % 400000,
               'transmission', CASE WHEN (g / 3) % 4 = 0 THEN 'Manual' ELSE 'Automatic' END,
               'fuel', (ARRAY['Petrol','Petrol','Petrol','Diesel','Hybrid'])[1 + (g / 11) % 5])
             WHEN g % 5 = 2 THEN jsonb_build_object('bedrooms', (g / 5) % 5, 'furnished', (ARRAY['Furnished','Unfurnished','Semi-furnished'])[1 + (g / 13) % 3])
             WHEN g % 5 = 3 THEN jsonb_build_object('brand', (ARRAY['Samsung','Tecno','Infinix','Apple','Xiaomi'])[1 + (g / 5) % 5], 'storage', (ARRAY['64 GB','128 GB','256 GB'])[1 + (g / 17) % 3])
             ELSE '{}'::jsonb
           END
    FROM generate_series(${from + 1}::int, ${to}::int) g`);
  });
  process.stderr.write(`${to} ads, ${Math.round((Date.now() - started) / 1000)} s\n`);
}
await db.execute(sql`VACUUM ANALYZE listings`);

const explain = async (statement: ReturnType<typeof sql>) =>
  (await queryRows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING ON, SUMMARY ON) ${statement}`)).map((r) => Object.values(r)[0]).join('\n');

console.log(`## ${count.toLocaleString('en-KE')} active ads\n`);
console.log('### A plain containment query (a rare make)\n');
console.log(await explain(sql`SELECT id FROM listings WHERE status = 'active' AND attributes @> '{"make": "Land Rover"}'::jsonb`));
for (const query of ['subcategory=Cars&attr.make=Land%20Rover', 'subcategory=Cars&attr.make=Land%20Rover&attr.year.min=2015', 'subcategory=Cars&attr.make=Toyota&attr.transmission=Automatic&attr.year.min=2012&attr.year.max=2016', 'subcategory=For%20rent&attr.bedrooms.min=3&attr.furnished=Furnished', 'subcategory=Cars&attr.model=axio', 'subcategory=Cars&attr.make=Land%20Rover&attr.model=discovery', 'subcategory=Cars&attr.model=discovery']) {
  console.log(`\n### The site's search: ${decodeURIComponent(query)}\n`);
  const t0 = performance.now();
  const plan = await explainSearch(db, parseListingQuery(new URLSearchParams(query)));
  console.log(plan);
  console.log(`(whole search with EXPLAIN: ${Math.round(performance.now() - t0)} ms)`);
  // The search as the site runs it, without EXPLAIN's overhead and without the search cache.
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t1 = performance.now();
    await searchCards(db, parseListingQuery(new URLSearchParams(query)));
    times.push(performance.now() - t1);
  }
  console.log(`(the search itself, 3 runs: ${times.map((t) => t.toFixed(1)).join(', ')} ms; median ${times.sort((a, b) => a - b)[1]!.toFixed(1)} ms)`);
}
await database.close();
