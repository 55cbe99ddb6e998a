/**
 * Similar ads (issue 42, point 7): how long an ad page's "Similar ads" takes (the ids statement
 * and the cards) over many ads, for ads picked at random: p50/p95 in ms, one client.
 *
 *   npm run bench:similar -- [ads=200000] [postgres://…/an_empty_database]
 *   npm run bench:similar -- 0 postgres://…/the_same_database      # measure again, no seeding
 *
 * Without a URL: PGlite copied from the migrated test template. With one: that database, which
 * must be empty (it is migrated and filled here; drop it afterwards).
 */
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../server/db/client.ts";
import { migrate } from "../server/db/migrate.ts";
import { similarAds } from "../server/listings/similar-ads.ts";
import { COUNTIES } from "#kernel/kenya-locations.ts";
import { ALL_SUBCATEGORIES } from "#kernel/subcategories.ts";
import { pgliteTemplate } from "../tests/support/templates.ts";

const asked = Number(process.argv[2]);
const ads = asked === 0 ? 0 : Math.min(2_000_000, asked || 200_000);
const url = process.argv[3];
const RUNS = 300;

const database = url
  ? await openDatabase({ kind: "postgres", url })
  : await openDatabase({ kind: "pglite", loadDataDir: await pgliteTemplate() });
await migrate(database);
const db = database.db;
const t0 = performance.now();
if (ads > 0) await seed();
const total = (
  await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM listings WHERE status = 'active'`,
  )
)[0]!.n;
console.log(
  `data: ${total} active ads; seeded in ${Math.round((performance.now() - t0) / 1000)} s`,
);

async function seed() {
  await db.execute(
    sql`INSERT INTO users (email, password_hash, first_name, last_name, username) VALUES ('similar@bench.invalid', 'x', 'Bench', 'Seller', 'similarbench')`,
  );
  const owner = (
    await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM users WHERE username = 'similarbench'`,
    )
  )[0]!.id;
  // Places as ads name them: one of the 47 counties' towns; subcategories of every category, a tenth without one.
  const places = COUNTIES.flatMap((c) => c.towns.map((t) => `${t}, ${c.name}`));
  const subs = ALL_SUBCATEGORIES.map((s) => [s.category, s.sub.name]);
  for (let from = 0; from < ads; from += 50_000) {
    const to = Math.min(ads, from + 50_000);
    await db.execute(sql`INSERT INTO listings (owner_id, title, description, category, subcategory, price, location, created_at, updated_at)
    SELECT ${owner}::uuid, 'Bench ad ' || i, 'Plain description ' || i, (${JSON.stringify(subs)}::jsonb -> (i % ${subs.length}) ->> 0),
      CASE WHEN i % 10 = 0 THEN NULL ELSE (${JSON.stringify(subs)}::jsonb -> (i % ${subs.length}) ->> 1) END,
      1000 + (i * 7919) % 1000000, (${JSON.stringify(places)}::jsonb ->> ((i * 31) % ${places.length})),
      now() - (i || ' seconds')::interval, now()
    FROM generate_series(${from + 1}::int, ${to}::int) i`);
  }
  await db.execute(sql`ANALYZE listings`);
}
const ids = (
  await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM listings ORDER BY random() LIMIT ${RUNS + 20}`,
  )
).map((r) => r.id);

for (const id of ids.slice(0, 20)) await similarAds(db, id);
const times: number[] = [];
let shown = 0;
for (const id of ids.slice(20)) {
  const start = performance.now();
  shown += (await similarAds(db, id)).length;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (q: number) =>
  times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
console.log(
  `similar ads  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms  (${RUNS} ads, one client, ${(shown / RUNS).toFixed(1)} shown each)`,
);
await database.close();
