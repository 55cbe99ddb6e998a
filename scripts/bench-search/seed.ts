import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../server/db/client.ts';
import { generateListing } from './catalog.ts';
import { createRng, type Rng } from './random.ts';

const BATCH = 5_000;
const TRIGGERS_AFTER_LOAD = ['listings_words_noted', 'listings_counted'];
/** Each ad's JSON heads (migration 2300) read its photos: without the photos' index (dropped while loading) every ad would scan them all. Written once after the load. */
const HEAD_TRIGGERS: Array<[table: string, trigger: string]> = [
  ['listings', 'listings_written_as_json'],
  ['listing_images', 'listing_images_inserted_heads'],
  ['listing_images', 'listing_images_updated_heads'],
  ['listing_images', 'listing_images_deleted_heads'],
];

/** A UUID drawn from the seeded source, so a seed gives the same ids every time. */
function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng.next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Seeds `count` listings from about count/20 sellers (a few dealers with hundreds of ads, most
 * sellers with a handful), with photo rows. Secondary indexes are dropped during the load and
 * built again after it, from the live schema's own definitions: far faster than maintaining
 * GIN indexes row by row, and the benchmark always measures the indexes the migrations create.
 */
export async function seedListings(database: Database, count: number, seed: number, log: (line: string) => void): Promise<void> {
  const { db } = database;
  const rng = createRng(seed);
  const t0 = performance.now();
  const users = Math.max(1, Math.ceil(count / 20));
  const userIds = Array.from({ length: users }, () => uuid(rng));
  for (let from = 0; from < users; from += BATCH) {
    const ids = userIds.slice(from, from + BATCH);
    await db.execute(sql`
      INSERT INTO users (id, email, password_hash, first_name, last_name, username, phone_number, location, created_at)
      SELECT id::uuid, 'bench' || (n + ${from}) || '@bench.invalid', 'not-a-hash', 'Bench', 'Seller ' || (n + ${from}), 'bench' || (n + ${from}),
             '+2547' || lpad((n + ${from})::text, 8, '0'), 'Nairobi', now() - interval '800 days'
      FROM json_array_elements_text(${JSON.stringify(ids)}::json) WITH ORDINALITY AS u(id, n)`);
  }

  const indexes = await queryRows<{ tablename: string; indexname: string; indexdef: string }>(
    db,
    sql.raw(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('listings', 'listing_images') AND indexname NOT LIKE '%_pkey'`),
  );
  for (const ix of indexes) await db.execute(sql.raw(`DROP INDEX ${ix.indexname}`));
  // The vocabulary and the sellers' counts are filled once at the end, not ad by ad (a dealer's
  // count row updated thousands of times in one transaction gets slower with every update).
  for (const trigger of TRIGGERS_AFTER_LOAD) await db.execute(sql.raw(`ALTER TABLE listings DISABLE TRIGGER ${trigger}`));
  for (const [table, trigger] of HEAD_TRIGGERS) await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));

  const dealers = Math.max(1, Math.floor(users / 250));
  for (let from = 0; from < count; from += BATCH) {
    const n = Math.min(BATCH, count - from);
    const rows: object[] = [];
    const images: Array<{ listing: string; position: number; key: string }> = [];
    for (let i = 0; i < n; i++) {
      // Oldest first, as a table grows: most ads recent (age falls with the square of the position).
      const l = generateListing(rng, Math.floor((1 - (from + i) / count) ** 2 * 730 * 86_400));
      const id = uuid(rng);
      rows.push({
        id,
        // A fifth of the ads come from a few dealers.
        owner: userIds[rng.chance(0.2) ? rng.zipf(dealers, 0.7) : rng.int(0, users - 1)]!,
        title: l.title,
        description: l.description,
        category: l.category,
        subcategory: l.subcategory,
        price: l.price,
        currency: l.currency,
        location: l.location,
        age: l.ageSeconds,
        featured: l.featuredForSeconds,
        views: rng.zipf(500, 1.1),
      });
      for (let p = 0; p < l.images; p++) images.push({ listing: id, position: p, key: `${id.replace(/-/g, '')}${p}` });
    }
    await db.execute(sql`
      INSERT INTO listings (id, owner_id, title, description, category, subcategory, price, currency, location, featured_until, views, created_at, updated_at)
      SELECT id, owner, title, description, category, subcategory, price, currency, location,
             CASE WHEN featured IS NULL THEN NULL ELSE now() + make_interval(secs => featured) END,
             views, now() - make_interval(secs => age), now() - make_interval(secs => age)
      FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS t(id uuid, owner uuid, title text, description text, category text, subcategory text, price bigint, currency text, location text,
             age float8, featured float8, views int)`);
    if (images.length)
      await db.execute(sql`
        INSERT INTO listing_images (listing_id, position, storage_key, width, height)
        SELECT listing, position, key, 1280, 960 FROM json_to_recordset(${JSON.stringify(images)}::json) AS t(listing uuid, position int, key text)`);
    process.stdout.write(`\r  seeded ${(from + n).toLocaleString('en-KE')} / ${count.toLocaleString('en-KE')} listings`);
  }
  process.stdout.write('\n');
  const t1 = performance.now();
  const build = async (ix: { indexname: string; indexdef: string }) => {
    const started = performance.now();
    // One connection for the setting and the build (a pool would hand out any).
    await db.transaction(async (tx) => {
      if (database.kind === 'postgres') await tx.execute(sql.raw(`SET LOCAL maintenance_work_mem = '256MB'`));
      await tx.execute(sql.raw(ix.indexdef));
    });
    log(`  index ${ix.indexname}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  for (const ix of indexes.filter((i) => i.tablename !== 'listings')) await build(ix);
  // With the photos indexed, and before the ads' other indexes: rewriting every ad then updates one index, not 25.
  const headsStarted = performance.now();
  await db.execute(sql.raw('UPDATE listings l SET json_head = listing_json_head(l), card_head = listing_card_head(l)'));
  log(`  JSON heads of the ads: ${((performance.now() - headsStarted) / 1000).toFixed(1)} s`);
  for (const ix of indexes.filter((i) => i.tablename === 'listings')) await build(ix);
  for (const trigger of TRIGGERS_AFTER_LOAD) await db.execute(sql.raw(`ALTER TABLE listings ENABLE TRIGGER ${trigger}`));
  for (const [table, trigger] of HEAD_TRIGGERS) await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
  await db.execute(sql.raw('DELETE FROM seller_listing_counts'));
  await db.execute(sql.raw('INSERT INTO seller_listing_counts (owner_id, listings) SELECT owner_id, count(*) FROM listings GROUP BY owner_id'));
  await db.execute(
    sql.raw(`INSERT INTO search_vocabulary (word) SELECT DISTINCT w FROM listings, unnest(search_tokens) AS w WHERE w !~ '^[tcp]:' AND length(w) <= 100 ON CONFLICT DO NOTHING`),
  );
  await db.execute(sql.raw(database.kind === 'postgres' ? 'VACUUM ANALYZE listings' : 'ANALYZE'));
  // The tables the triggers and the end of the load filled: statistics for the planner, and their
  // GIN indexes' pending lists merged (a search reads a pending list in full until a vacuum).
  for (const table of ['featured_listings', 'search_vocabulary', 'seller_listing_counts']) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  if (database.kind === 'postgres') await db.execute(sql.raw('VACUUM ANALYZE listing_images'));
  log(`  indexes built in ${((performance.now() - t1) / 1000).toFixed(1)} s; seeding took ${((performance.now() - t0) / 1000).toFixed(1)} s in all`);
}
