import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, sqlArray, type Db } from '../../db/client.ts';
import { listingFormat, type ListingFormat } from '../../listings/listing-json.ts';
import { LISTED } from '../../listings/visibility.ts';
import { pageStatement, prepared, readPage } from '../page-read.ts';
import { inGroup, type EngineAnswer, type EngineQuery, type Found, type Hit, type SearchEngine } from '../search-engine.ts';
import { FOREIGN_PRICED, kesRatesInUse, kesSql } from '../price-key.ts';
import { pageShape, type ListingFilters, type PageShape } from '../search-query.ts';
import { findHits, firstStatement, LISTING_GENERATION, parseReads, searchPlan, withSettings, SEARCH_LIMITS, type SearchContext, type SearchLimits } from './bounded-search.ts';
import { filterConditions, titleCondition } from './search-terms.ts';

/*
 * The database engine: the reference every other engine must agree with, and the fallback for
 * whatever they cannot answer. Its search is bounded-search.ts's walks and slices; its first
 * statement writes the page too, so most searches are one round trip.
 */

type Run = <R>(statement: SQL, settings?: string[]) => Promise<R[]>;

export function createDatabaseEngine(db: Db, limits: SearchLimits = SEARCH_LIMITS): SearchEngine {
  return {
    name: 'database',
    canAnswer: () => true,
    async find({ filters, shape, now, format }: EngineQuery): Promise<EngineAnswer> {
      const run: Run = (statement, settings) => withSettings(db, settings, (d) => queryRows(d, statement));
      const result = await runSearch(db, run, filters, now, shape, format, limits, (statement) => prepared(db, statement), (ids) => readPage(db, ids, now, format));
      if (filters.sort === 'price_asc' || filters.sort === 'price_desc') {
        // The page is read again by id (search.ts), in the merged order.
        return { found: await mergeForeignPrices(db, filters, shape, result.found), generation: result.generation };
      }
      return { found: result.found, items: result.items, generation: result.generation };
    },
  };
}

/** `readItems` reads a page of listings by id: readPage's prepared statement when searching, the plain statement when explaining it. */
async function runSearch(
  db: Db,
  run: Run,
  filters: ListingFilters,
  now: Date,
  shape: PageShape,
  format: ListingFormat<unknown>,
  limits: SearchLimits,
  runPrepared: Run = run,
  readItems = async (ids: string[]) => (ids.length ? (await runPrepared<{ items: string }>(pageStatement(ids, now, format)))[0]!.items : '[]'),
) {
  const plan = searchPlan(filters, now, shape.window, shape.offset + shape.limit + 1, limits);
  const where = filterConditions(filters);
  const [first] = await runPrepared<{ reads: string; generation: string; rows: number; items: string }>(firstStatement(plan, where, shape.offset, shape.limit, now, format));
  if (!first) throw new Error('The search statement returned no row.');
  const ctx: SearchContext = { db, where, run, now, rows: Number(first.rows) };
  const found = await findHits(ctx, plan, parseReads(first.reads));
  let items = first.items;
  if (!found.fromFirst) {
    const ids = found.hits.slice(shape.offset, shape.offset + shape.limit).map((h) => h.id);
    items = await readItems(ids);
  }
  return { items, found, generation: first.generation };
}

type Priced = { id: string; featured_ends: number | null; value: number | null; created: number; currency: string };

/**
 * A price order by value in Ksh (issue 42, point 6). bounded-search.ts orders KES prices, then
 * each other currency, then negotiable ads: its KES part is right, and is a whole prefix of
 * the KES matches. Ads priced in other currencies are few: the first `window` of each, in
 * price order (one read of the price index each), are merged in by their value in Ksh, ties
 * newest first, as the memory index orders them; negotiable ads stay last.
 */
async function mergeForeignPrices(db: Db, filters: ListingFilters, shape: PageShape, found: Found): Promise<Found> {
  const desc = filters.sort === 'price_desc';
  const { check } = filterConditions(filters);
  const columns = sql`id::text AS id, floor(extract(epoch from featured_until) * 1000)::float8 AS featured_ends, ${kesSql()}::float8 AS value, floor(extract(epoch from created_at) * 1000000)::float8 AS created, currency`;
  const checks = check.length ? sql` AND ${sql.join(check, sql` AND `)}` : sql``;
  const order = sql.raw(desc ? 'price DESC, created_at DESC, id DESC' : 'price ASC, created_at DESC, id DESC');
  const perCurrency = Object.keys(kesRatesInUse()).map(
    (currency) => sql`(SELECT ${columns} FROM listings WHERE ${LISTED} AND ${FOREIGN_PRICED} AND currency = ${currency}${checks} ORDER BY ${order} LIMIT ${shape.window + 1})`,
  );
  const ids = found.hits.map((h) => h.id);
  const [foreign, known] = await Promise.all([
    queryRows<Priced>(db, sql.join(perCurrency, sql` UNION ALL `)),
    ids.length ? queryRows<Priced>(db, sql`SELECT ${columns} FROM listings WHERE id = ANY(${sqlArray(ids, 'uuid')})`) : Promise.resolve([]),
  ]);
  const byId = new Map(known.map((r) => [r.id, r]));
  const kes: Priced[] = [];
  const negotiable: Priced[] = [];
  for (const hit of found.hits) {
    const row = byId.get(hit.id);
    if (!row) continue;
    if (row.value === null) negotiable.push(row);
    else if (row.currency === 'KES') kes.push(row);
  }
  // Negotiable ads come last, newest first whatever their currency (as the memory index orders them).
  negotiable.sort((a, b) => (a.created !== b.created ? b.created - a.created : a.id > b.id ? -1 : 1));
  if (foreign.length === 0) {
    const hits = found.hits.filter((h) => byId.get(h.id)?.value !== null);
    for (const r of negotiable) hits.push(found.hits.find((h) => h.id === r.id)!);
    return { ...found, hits };
  }
  const before = (a: Priced, b: Priced) => (a.value !== b.value ? (desc ? a.value! > b.value! : a.value! < b.value!) : a.created !== b.created ? a.created > b.created : a.id > b.id);
  const sorted = foreign.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  const merged: Priced[] = [];
  let i = 0;
  let j = 0;
  while (i < kes.length || j < sorted.length) merged.push(j >= sorted.length || (i < kes.length && before(kes[i]!, sorted[j]!)) ? kes[i++]! : sorted[j++]!);
  // Some currency had more than the window: ads may follow that no list here holds.
  const more = Object.keys(kesRatesInUse()).some((c) => sorted.filter((r) => r.currency === c).length > shape.window);
  const hits = [...merged, ...negotiable].slice(0, shape.window).map((r) => ({ id: r.id, featuredUntil: r.featured_ends, group: 0 }));
  return { ...found, hits, capped: found.capped || more, fromFirst: false, steps: [...found.steps, `other currencies merged by Ksh value: ${foreign.length}`] };
}

/**
 * The hits that meet every condition of the search and are active, tested by the database (in
 * their order): what an engine that may select more than the search (EngineAnswer.unchecked)
 * leaves to the reference. With `titles` (Best match, hits in date order: EngineAnswer.titlesUnchecked)
 * those with every word in the title come first (group 0), then the others (group 1), each
 * group in the hits' order, as the database's own Best match orders them.
 */
export async function verifyHits(db: Db, filters: ListingFilters, hits: Hit[], titles = false): Promise<Hit[]> {
  if (hits.length === 0) return hits;
  const { check } = filterConditions(filters);
  const title = titles ? titleCondition(filters.search, filters.literal) : null;
  // OFFSET 0 keeps the ads looked up by id first: planned as one statement, a category or
  // county in the conditions had PostgreSQL read their tokens' GIN lists instead, and 125 ads
  // took it 30-100 ms at 1M ads, against 2 ms by id.
  const [row] = await queryRows<{ ids: string }>(
    db,
    sql`SELECT coalesce(json_agg(json_build_array(id, ${title ?? sql`false`})), '[]')::text AS ids
      FROM (SELECT * FROM listings WHERE id = ANY(${sqlArray(hits.map((h) => h.id), 'uuid')}) OFFSET 0) listings
      WHERE ${LISTED}${check.length ? sql` AND ${sql.join(check, sql` AND `)}` : sql``}`,
  );
  const titled = new Map(JSON.parse(row!.ids) as Array<[string, boolean]>);
  const ok = hits.filter((h) => titled.has(h.id));
  if (!title) return ok;
  return [...ok.filter((h) => titled.get(h.id)).map((h) => inGroup(h, 0)), ...ok.filter((h) => !titled.get(h.id)).map((h) => inGroup(h, 1))];
}

/** The listing_changes counter; a prepared statement, since every cache hit reads it. */
export async function listingChanges(db: Db): Promise<string> {
  const [row] = await queryPrepared<{ generation: string }>(db, 'listing_changes', sql`SELECT ${LISTING_GENERATION} AS generation FROM listing_changes`);
  return row!.generation;
}

/**
 * The plans of a search's statements, as EXPLAIN ANALYZE prints them, and the steps it took
 * (the benchmark shows them for its slowest searches).
 */
export async function explainSearch(db: Db, filters: ListingFilters, options: { now?: Date; limits?: SearchLimits } = {}): Promise<string> {
  const now = options.now ?? new Date();
  const out: string[] = [];
  const run: Run = (statement, settings) =>
    withSettings(db, settings, async (d) => {
      const plan = await queryRows<Record<string, string>>(d, sql`EXPLAIN (ANALYZE, COSTS OFF, SUMMARY) ${statement}`);
      out.push(`${settings ? `(${settings.join(', ')})\n` : ''}${plan.map((r) => Object.values(r)[0]).join('\n')}`);
      return queryRows(d, statement);
    });
  const { found } = await runSearch(db, run, filters, now, pageShape(filters), listingFormat, options.limits ?? SEARCH_LIMITS);
  return `steps: ${found.steps.join('; ')}\n${out.join('\n--\n')}`;
}
