import { and, not, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { ListingFormat } from '../../listings/listing-json.ts';
import { LISTED } from '../../listings/visibility.ts';
import type { Found, Hit } from '../search-engine.ts';
import type { ListingFilters } from '../search-query.ts';
import { bandedCondition, categoryCondition, fineBand, fineBandFind, titleCondition, titleFind, vocabularyWords, type Conditions } from './search-terms.ts';

/*
 * Finding the matches of a search in display order, at a cost bounded by design.
 *
 * An order (newest first, a price order, best match) is a list of groups shown one after the
 * other, each sorted by an index: under "newest", active featured ads and then the rest.
 * Active featured ads are few and kept in a table of their own (migration 0701): the search
 * reads all of them that match. Only active ads are searched (visibility.ts): featured_listings
 * holds no other, and every statement on listings says `status = 'active'`, which the partial
 * indexes of migration 0820 serve, so sold, expired and hidden ads cost a search nothing. For the other groups there are three ways to find the first
 * matches, each with a cost that does not grow with the table:
 *
 * - walk: read the group's index in display order (date, or price), check each ad, stop after
 *   enough matches or after `rows` ads. Cheap when matches are common ("nairobi", a category,
 *   no filter at all); reading ads in date order is reading the table in the order it was
 *   written.
 * - slice: every match posted since a moment, through the search indexes and the block-range
 *   index on created_at, sorted. The moment is chosen so that the slice holds a few pages of
 *   matches; cheap for searches neither rare nor common ("toyota corolla", "tv" in Ruiru).
 * - collect: every match through the search indexes, sorted. Cheap when matches are few
 *   ("zanzibarite", a typo, "toyota sofa"); it stops at `cap` matches.
 *
 * Which is cheapest depends on how many ads match, which PostgreSQL's planner guesses badly:
 * it multiplies the words' frequencies, so "toyota corolla" looked fifty times rarer than it
 * is and it sorted all 18,000 matches. So every search starts with a short walk (in the one
 * statement that also writes the page, enough on its own for most searches), and the
 * density of what it found picks the next step. Everything the walks and slices return is
 * exact and in order, so a page is right as soon as its last listing and one more are found;
 * the count is then a lower bound ("120+ ads"). Only if the bounded steps all fall short does
 * a collect without a cap run, under a statement timeout; past it, the search answers what it
 * found, in order, as a lower bound.
 */

/**
 * The listing_changes counter as text. A new sequence reads last_value 1 both before and after
 * its first nextval (only is_called changes), so an unused one counts as 0: otherwise the very
 * first ad of a database would not end the cached searches.
 */
export const LISTING_GENERATION = sql.raw(`(CASE WHEN is_called THEN last_value ELSE 0 END)::text`);

/** How far each way may go; tests make them small to take every path over a few hundred ads. */
export type SearchLimits = {
  /** Ads the first walk reads: enough for most searches, a fraction of a millisecond. */
  firstWalkRows: number;
  /** The most any later walk reads. */
  maxWalkRows: number;
  /** A collect fetches at most this many matches before it gives up on the search as too broad. */
  collectCap: number;
  /** The most matches of a few price bands sorted at once; a band with more is walked (byPrice). */
  bandCap: number;
};

export const SEARCH_LIMITS: SearchLimits = { firstWalkRows: 1_000, maxWalkRows: 100_000, collectCap: 4_000, bandCap: 200 };

/** Statements a price order may spend on its bands: empty ones are skipped ever more at a time, so four hundred fine bands take a few. */
const MAX_BAND_STATEMENTS = 32;
/** The most fine bands one statement asks at once: before any match (an empty stretch of prices), and after. */
const MAX_EMPTY_WIDTH = 64;
const MAX_BAND_WIDTH = 16;
/** The most tokens one statement asks the band index for: each is a look-up of its own. */
const MAX_BAND_TOKENS = 96;
/** A part of a word that the vocabulary turns into more words than this is not asked band by band (it is checked instead). */
const MAX_BAND_WORDS = 16;

/** The last resort's time limit: with the steps before it, a search stays within half a second. */
const LAST_RESORT_MS = 250;
/** Matches a slice aims to hold, as a multiple of the matches still wanted. */
const SLICE_MARGIN = 3;

type Order = 'newest' | 'price_asc' | 'price_desc';
/** A walk's order: the search's, or a price order within KES prices (a price band), which needs no currency keys. */
type WalkOrder = Order | 'kes_asc' | 'kes_desc';

type Group =
  /** Every active featured ad that matches, from featured_listings. */
  | { kind: 'featured'; at: SQL }
  | {
      kind: 'walk';
      /** Which listings belong to the group, beyond the search's conditions (null: all). */
      member: SQL | null;
      /** What the walk reads before checking each ad: a condition its index serves. */
      walkFrom: SQL | null;
      order: Order;
      /** What an index answers for the group's own ads, when the search's `find` may hold far more of other groups (finishGroup tries it first). */
      find?: SQL[];
    };

export type SearchPlan = {
  limits: SearchLimits;
  /** Groups in display order. */
  groups: Group[];
  /** Matches wanted in all: the page, and the count a few pages ahead. */
  window: number;
  /** Matches without which the page is not right: up to its end, and one more. */
  pageEnd: number;
};

const PRICE_ASC = sql.raw(`(price IS NULL), (currency <> 'KES'), currency, price ASC, created_at DESC, id DESC`);
const PRICE_DESC = sql.raw(`(price IS NULL), (currency <> 'KES'), currency, price DESC, created_at DESC, id DESC`);
const ORDER_BY: Record<WalkOrder, SQL> = {
  newest: sql.raw('created_at DESC, id DESC'),
  price_asc: PRICE_ASC,
  price_desc: PRICE_DESC,
  kes_asc: PRICE_ASC,
  kes_desc: PRICE_DESC,
};

/**
 * The same orders on a walk's rows, by the columns its index read gives out (the price order's
 * first keys as columns of their own): PostgreSQL then sees the rows come in order and stops
 * reading at the walk's last match, where it would otherwise read all of them to sort them.
 */
const WALK_ORDER_BY: Record<WalkOrder, (alias: string) => SQL> = {
  // Within one currency: PostgreSQL drops the currency it knows from the order of the index read.
  kes_asc: (a) => sql.raw(`${a}.k_null, ${a}.k_other, ${a}.price ASC, ${a}.created_at DESC, ${a}.id DESC`),
  kes_desc: (a) => sql.raw(`${a}.k_null, ${a}.k_other, ${a}.price DESC, ${a}.created_at DESC, ${a}.id DESC`),
  newest: (a) => sql.raw(`${a}.created_at DESC, ${a}.id DESC`),
  price_asc: (a) => sql.raw(`${a}.k_null, ${a}.k_other, ${a}.currency, ${a}.price ASC, ${a}.created_at DESC, ${a}.id DESC`),
  price_desc: (a) => sql.raw(`${a}.k_null, ${a}.k_other, ${a}.currency, ${a}.price DESC, ${a}.created_at DESC, ${a}.id DESC`),
};

/** The groups of the search's order. */
export function searchPlan(filters: ListingFilters, now: Date, window: number, pageEnd: number, limits = SEARCH_LIMITS): SearchPlan {
  const at = sql`${now.toISOString()}::timestamptz`;
  const sort = filters.sort ?? 'newest';
  // A listed category has its own date index to walk, and Others a partial one (migration 0701).
  const categoryWalk = filters.category ? categoryCondition(filters.category) : null;
  if (sort === 'price_asc' || sort === 'price_desc') {
    // The walk reads KES prices only (other currencies are merged in by their value in Ksh:
    // database-engine.ts, mergeForeignPrices), so with a price filter it starts at the lowest (or highest) allowed.
    const range: SQL[] = [];
    if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
      range.push(sql`(price IS NULL) IS FALSE AND (currency <> 'KES') IS FALSE AND currency = 'KES'`);
      if (filters.minPrice !== undefined) range.push(sql`price >= ${filters.minPrice}`);
      if (filters.maxPrice !== undefined) range.push(sql`price <= ${filters.maxPrice}`);
    }
    return { limits, groups: [{ kind: 'walk', member: null, walkFrom: range.length ? and(...range)! : null, order: sort }], window, pageEnd };
  }
  const title = sort === 'best' ? titleCondition(filters.search, filters.literal) : null;
  if (title) {
    // Best match: ads with every word in the title, newest first, then the others.
    return {
      limits,
      groups: [
        { kind: 'walk', member: title, walkFrom: categoryWalk, order: 'newest', find: titleFind(filters.search, filters.literal) ?? undefined },
        { kind: 'walk', member: not(title), walkFrom: categoryWalk, order: 'newest' },
      ],
      window,
      pageEnd,
    };
  }
  return {
    limits,
    groups: [
      { kind: 'featured', at },
      { kind: 'walk', member: sql`(featured_until IS NULL OR featured_until <= ${at})`, walkFrom: categoryWalk, order: 'newest' },
    ],
    window,
    pageEnd,
  };
}

/** A row of a walk, slice or collect: `ok` says whether it matches, `walked` is its place in the walk (or how many the statement matched). */
export type Row = { id: string; featured_ends: number | null; ok: boolean; walked: string | number; at: number; price: number | null; kes: boolean };

const COLUMNS = sql.raw(
  `id, floor(extract(epoch from featured_until) * 1000)::float8 AS featured_ends, floor(extract(epoch from created_at) * 1000)::float8 AS at, price::float8 AS price, currency = 'KES' AS kes`,
);

const all = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` AND `) : sql`true`);

function featuredSql(group: Extract<Group, { kind: 'featured' }>, where: Conditions, want: number): SQL {
  return sql`SELECT ${COLUMNS}, true AS ok, 0 AS walked FROM featured_listings
    WHERE featured_until > ${group.at} AND ${all([...where.find, ...where.check])} ORDER BY created_at DESC, id DESC LIMIT ${want + 1}`;
}

type WalkGroup = Extract<Group, { kind: 'walk' }>;

const memberAnd = (group: WalkGroup) => (group.member ? sql`(${group.member}) AND ` : sql``);

/**
 * The walk: at most `rows` ads of the group in display order; the matches among them (at most
 * `want`), and the ad at position `rows` whatever it is (it says the walk stopped there).
 */
function walkSql(group: WalkGroup, where: Conditions, rows: number, want: number, from: SQL | null = group.walkFrom, order: WalkOrder = group.order): SQL {
  return sql`SELECT ${COLUMNS}, ok, walked FROM (
      SELECT w.*, (${memberAnd(group)}${all(where.check)}) AS ok, row_number() OVER (ORDER BY ${WALK_ORDER_BY[order]('w')}) AS walked
      FROM (SELECT *, (price IS NULL) AS k_null, (currency <> 'KES') AS k_other FROM listings WHERE ${LISTED}${from ? sql` AND ${from}` : sql``} ORDER BY ${ORDER_BY[order]} LIMIT ${rows}) w
    ) s
    WHERE ok OR walked = ${rows}
    ORDER BY ${WALK_ORDER_BY[order]('s')}
    LIMIT ${want + 1}`;
}

/**
 * Every match of the group (posted at `since` or later, if given) through the search indexes,
 * at most `cap + 1` of them, in display order (at most `want`); `walked` says how many matched.
 * The cap counts the search's matches, not the group's: a group narrower than the indexes can
 * tell (Best match's ads with every word in the title) is picked out of them, so that a search
 * with thousands of matches and no title match stops at the cap instead of reading them all.
 */
function collectSql(group: WalkGroup, where: Conditions, want: number, cap: number | null, within: SQL | null, onlyFind = false, checkAfter = false): SQL {
  // `onlyFind`: the index `find` names is the one to read. The checks are then one condition no
  // index serves: with a word's own condition among them, PostgreSQL would read all of that
  // word's ads instead and test each for its band.
  const check = checkAfter ? [] : onlyFind ? [sql`(${all(where.check)}) IS TRUE`] : where.check;
  const conditions = [LISTED, ...where.find, ...check, ...(within ? [within] : [])];
  const member = checkAfter ? sql`(${group.member ?? sql`true`}) AND (${all(where.check)})` : (group.member ?? sql`true`);
  const total =
    cap === null
      ? sql`(SELECT count(*) FROM c WHERE member)`
      : sql`(SELECT CASE WHEN count(*) > ${cap} THEN ${cap + 1} ELSE count(*) FILTER (WHERE member) END FROM c)`;
  return sql`WITH c AS MATERIALIZED (
      SELECT id, featured_until, price, currency, created_at, (${member}) IS TRUE AS member FROM listings WHERE ${all(conditions)}
      ${cap === null ? sql`` : sql`LIMIT ${cap + 1}`}
    )
    SELECT x.*, x.id IS NOT NULL AS ok, t.walked FROM (SELECT ${total} AS walked) t
    -- The count comes back even when no ad is of the group (one row with no ad).
    LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM c WHERE member ORDER BY ${ORDER_BY[group.order]} LIMIT ${want}) x ON true`;
}

export type SearchContext = {
  db: Db;
  /** Runs a statement, with `SET LOCAL` settings if any (the benchmark's explain wraps it). */
  run: <R>(statement: SQL, settings?: string[]) => Promise<R[]>;
  where: Conditions;
  now: Date;
  /** About how many listings there are (pg_class.reltuples, from the first statement), to tell how many matches a density means. */
  rows: number;
};

type GroupResult = { hits: Hit[]; complete: boolean };

const toHits = (rows: Row[], group: number, want: number) =>
  rows.filter((r) => r.ok).slice(0, want).map((r) => ({ id: r.id, featuredUntil: r.featured_ends, group }));

/** A walk's matches; complete when the walk ended before its last row (every match is known) or found all it wanted. */
type WalkResult = GroupResult & { last: Row | null; rowsRead: Row[] };

function readWalk(rows: Row[], group: number, walkRows: number, want: number): WalkResult {
  const hits = toHits(rows, group, want);
  const last = rows.find((r) => Number(r.walked) === walkRows) ?? null;
  return { hits, complete: !last || hits.length >= want, last, rowsRead: rows };
}

/**
 * The matches of a search in display order: at least `pageEnd` of them when there are that
 * many (the page is then exact), up to `window` when that comes cheap (the count). `first` is
 * what the first statement found for every group.
 */
export async function findHits(ctx: SearchContext, plan: SearchPlan, first: Row[][]): Promise<Found> {
  const hits: Hit[] = [];
  const steps: string[] = [];
  let fromFirst = true;
  for (let g = 0; g < plan.groups.length; g++) {
    const want = plan.window - hits.length;
    if (want <= 0) return { hits, capped: true, fromFirst, steps };
    const group = plan.groups[g]!;
    const rows = first[g] ?? [];
    let result: GroupResult;
    if (group.kind === 'featured') {
      result = { hits: toHits(rows, g, want), complete: rows.length <= want };
      steps.push(`featured: ${result.hits.length}`);
    } else {
      const walked = readWalk(rows, g, plan.limits.firstWalkRows, want);
      steps.push(`walk ${plan.limits.firstWalkRows}: ${walked.hits.length}`);
      result = walked;
      const must = plan.pageEnd - hits.length;
      if (!walked.complete && walked.hits.length < must) {
        fromFirst = false;
        result = await finishGroup(ctx, plan.limits, group, g, walked, must, want, steps);
      }
    }
    hits.push(...result.hits);
    // A group not read to its end: later groups cannot follow yet, and the count is a lower bound.
    if (!result.complete || result.hits.length >= want) return { hits, capped: true, fromFirst, steps };
  }
  return { hits, capped: false, fromFirst, steps };
}

/** A group whose first walk found too few: the cheapest bounded way for the rest, then the last resort. */
async function finishGroup(ctx: SearchContext, limits: SearchLimits, group: WalkGroup, g: number, first: WalkResult, must: number, want: number, steps: string[]): Promise<GroupResult> {
  const rows = ctx.rows;
  let density = Math.max(first.hits.length, 0.5) / limits.firstWalkRows;
  // Best match's title matches: few ads have the words in the title, however many have them
  // anywhere ("hire purchase": 47,000 descriptions, no title), and the title index finds them.
  if (group.find) {
    const titled = await collect(ctx, group, g, want, limits.bandCap, null, { find: group.find, checkAfter: true });
    steps.push(`title words (cap ${limits.bandCap}): ${titled.total}`);
    if (titled.total <= limits.bandCap) return { hits: titled.hits, complete: true };
  }
  // A price order with words, a place or a category goes by band at once: the first walk read
  // the dearest (or cheapest) ads, whose density says little about the rest, and a band without
  // matches costs next to nothing.
  if (group.order !== 'newest') {
    const { terms, most, likely } = await bandTerms(ctx, steps);
    // Few matches by the statistics (a rare word, a typo): one sort of them all is cheapest.
    // Terms that are each common may still be rare together ("kit" in CBD among Pets): then a
    // smaller sort is worth trying, since words that go together (a make and its model) are
    // far commoner together than their shares multiplied say.
    const cap = most !== null && most <= limits.collectCap / 4 ? limits.collectCap : likely !== null && likely <= limits.collectCap / 16 ? Math.ceil(limits.collectCap / 4) : 0;
    if (cap) {
      const collected = await collect(ctx, group, g, want, cap, null);
      steps.push(`collect (cap ${cap}): ${collected.total}`);
      if (collected.total <= cap) return { hits: collected.hits, complete: true };
    }
    if (terms.length) {
      const found = await byPrice(ctx, limits, group, g, first, must, want, steps, terms);
      return found ?? lastResort(ctx, group, g, want, first, steps);
    }
  }

  // Few matches in all: fetch them all and sort them.
  if (density * rows <= limits.collectCap / 2) {
    const collected = await collect(ctx, group, g, want, limits.collectCap, null);
    steps.push(`collect (cap ${limits.collectCap}): ${collected.total}`);
    if (collected.total <= limits.collectCap) return { hits: collected.hits, complete: true };
    density = Math.max(density, limits.collectCap / Math.max(rows, 1));
  }
  // The longest walk so far: its matches are the first ones in display order, whatever else fails.
  let best: WalkResult = first;
  // Dense enough that a longer walk soon finds the page (a deep page of a broad search).
  const walkRows = Math.ceil((1.5 * must) / density);
  if (walkRows <= limits.maxWalkRows / 5) {
    const walked = readWalk(await ctx.run<Row>(walkSql(group, ctx.where, walkRows, want)), g, walkRows, want);
    steps.push(`walk ${walkRows}: ${walked.hits.length}`);
    if (walked.complete || walked.hits.length >= must) return walked;
    if (walked.hits.length > best.hits.length) best = walked;
    density = Math.max(walked.hits.length, 0.5) / walkRows;
  }
  const found =
    group.order === 'newest'
      ? await byDate(ctx, limits, group, g, first, density, rows, must, want, steps)
      : await byPrice(ctx, limits, group, g, first, must, want, steps, []);
  if (found) return found;

  return lastResort(ctx, group, g, want, best, steps);
}

/**
 * The bounded ways fell short (many matches, few where they looked): collect them all, within
 * a time limit; past it, the longest walk's matches stand, in order, as a lower bound.
 */
async function lastResort(ctx: SearchContext, group: WalkGroup, g: number, want: number, best: WalkResult, steps: string[]): Promise<GroupResult> {
  const every = await collect(ctx, group, g, want, null, null, { timeoutMs: LAST_RESORT_MS }).catch((error: unknown) => {
    if (isTimeout(error)) return null;
    throw error;
  });
  steps.push(`collect all: ${every ? every.total : 'timed out'}`);
  return every ? { hits: every.hits, complete: true } : best;
}

/**
 * Newest first: the matches posted since a moment, through the tokens and the block-range
 * index on created_at. The first walk read its ads posted since its last one, so
 * about as many are posted per millisecond; the slice spans enough time to hold a few pages
 * of matches at the density the walk saw, and grows if it did not.
 */
async function byDate(
  ctx: SearchContext,
  limits: SearchLimits,
  group: WalkGroup,
  g: number,
  first: WalkResult,
  density: number,
  rows: number,
  must: number,
  want: number,
  steps: string[],
) {
  if (!first.last) return null;
  const perMs = limits.firstWalkRows / Math.max(1, ctx.now.getTime() - first.last.at);
  for (let i = 0; i < 3; i++) {
    const sliceRows = Math.min(rows, Math.ceil((SLICE_MARGIN * must) / density) * 2 ** i);
    const since = new Date(ctx.now.getTime() - sliceRows / perMs).toISOString();
    const sliced = await collect(ctx, group, g, want, null, sql`created_at >= ${since}::timestamptz`);
    steps.push(`slice of ~${sliceRows} ads: ${sliced.total}`);
    // Every match since then, in order: the newest ones, exactly.
    if (sliced.total >= must) return { hits: sliced.hits, complete: false };
    if (sliceRows >= rows) return null;
    density = Math.max(sliced.total, 0.5) / sliceRows;
  }
  return null;
}

/**
 * A price order: KES prices by band (migration 0700's price bands), in the order's direction:
 * every match of a few bands at a time, sorted, through migration 0980's index of each word
 * with its band, so that a band without matches costs a tenth of a millisecond however common
 * the words are. Empty bands are skipped ever more at a time; a band with more matches than is
 * worth sorting is walked through the price index instead (it is dense). Then the other
 * currencies and the negotiable ads, which are few.
 */
async function byPrice(ctx: SearchContext, limits: SearchLimits, group: WalkGroup, g: number, first: WalkResult, must: number, want: number, steps: string[], terms: string[][]) {
  const down = group.order === 'price_desc';
  const step = down ? -1 : 1;
  const [lowest, highest] = ctx.where.bands;
  const last = down ? lowest : highest;
  const bandOf = (r: Row | null | undefined) => (r?.kes && r.price !== null ? fineBand(r.price) : null);
  // No ad before the walk's first match (or before its last ad, if it matched none) matches:
  // the bands start there, one band back since JavaScript's logarithm need not round a price
  // at a band's edge as PostgreSQL's does.
  const firstMatch = first.rowsRead.find((r) => r.ok);
  const from = bandOf(firstMatch) ?? bandOf(first.last) ?? (down ? highest : lowest);
  let band = Math.min(highest, Math.max(lowest, from - step));
  let width = 1;
  // Once a try held too many to sort, the dense bands are near: no try is that wide again.
  let ceiling = Infinity;
  const perStatement = Math.floor(MAX_BAND_TOKENS / Math.max(1, terms.reduce((n, t) => n + t.length, 0)));
  const hits: Hit[] = [];
  for (let statements = 0; hits.length < must && (down ? band >= last : band <= last); statements++) {
    if (statements === MAX_BAND_STATEMENTS) return null;
    const end = down ? Math.max(last, band - width + 1) : Math.min(last, band + width - 1);
    const bands = Array.from({ length: Math.abs(end - band) + 1 }, (_, i) => band + step * i);
    const part = await collect(ctx, group, g, want - hits.length, limits.bandCap, null, bandFind(ctx, terms, bands));
    steps.push(`bands ${band}..${end}: ${part.total}`);
    if (part.total > limits.bandCap && width > 1) {
      // Too many to sort: the first of these bands alone, then a few at a time.
      ceiling = Math.max(1, Math.floor(width / 4));
      width = 1;
      continue;
    }
    if (part.total > limits.bandCap) {
      const found = await denseBand(ctx, limits, group, g, band, down, must - hits.length, want - hits.length, steps, terms);
      if (!found) return null;
      hits.push(...found.hits);
    } else hits.push(...part.hits);
    // Empty bands: twice as many next time. Otherwise as many as should hold half a sort's
    // worth at this density, but at most twice as many: nearer the common prices the bands
    // are far denser.
    const fit = part.total === 0 ? 2 * width : Math.floor((width * limits.bandCap) / 2 / part.total);
    const widest = hits.length === 0 && part.total === 0 ? MAX_EMPTY_WIDTH : MAX_BAND_WIDTH;
    width = Math.max(1, Math.min(ceiling, widest, perStatement, 2 * width, fit));
    band = end + step;
  }
  if (hits.length >= must) return { hits, complete: false };
  // Past the KES prices: other currencies, then negotiable ads.
  const rest = await collect(ctx, group, g, want - hits.length, limits.collectCap, sql`NOT (currency = 'KES' AND price IS NOT NULL)`);
  steps.push(`other currencies and negotiable: ${rest.total}`);
  if (rest.total > limits.collectCap) return null;
  return { hits: [...hits, ...rest.hits], complete: true };
}

/**
 * The search's token conditions as lists of tokens a price order can ask band by band: a part
 * of a word becomes the vocabulary's words containing it, in one statement for all of them. A
 * part found in too many words ("840" is in every phone number) is left to the checks: each
 * word would be a look-up of its own in every band. With them, about how many ads match, from
 * the statistics of the commonest tokens (null when no condition says).
 */
async function bandTerms(ctx: SearchContext, steps: string[]): Promise<{ terms: string[][]; most: number | null; likely: number | null }> {
  const { bandable } = ctx.where;
  const parts = bandable.filter((t) => 'part' in t);
  let words: string[][] = [];
  if (parts.length) {
    const [row] = await ctx.run<{ words: string[][] }>(sql`SELECT json_build_array(${sql.join(parts.map((p) => vocabularyWords(p, MAX_BAND_WORDS + 1)), sql`, `)}) AS words`);
    words = row!.words;
  }
  let next = 0;
  const all = bandable.map((t) => ('part' in t ? [...words[next++]!, ...(t.also ?? [])] : t.tokens));
  const terms = all.filter((t) => t.length <= MAX_BAND_WORDS);
  const stats = await tokenStatistics(ctx.db);
  // Every term must match: the rarest says the most. A token missing from the statistics is rarer than any in them.
  const shares = terms.map((t) => Math.min(1, t.reduce((sum, token) => sum + (stats.share.get(token) ?? stats.floor), 0)));
  const known = shares.length > 0 && stats.share.size > 0;
  // At most as many as the rarest term has; as many as their shares multiplied, if they were unrelated.
  const most = known ? Math.round(Math.min(...shares) * ctx.rows) : null;
  const likely = known ? Math.round(shares.reduce((a, b) => a * b, 1) * ctx.rows) : null;
  steps.push(`band terms: ${terms.map((t) => t.length).join(', ') || 'none'} (at most ${most ?? '?'} matches, likely ${likely ?? '?'})`);
  return { terms, most, likely };
}

type TokenStatistics = { share: Map<string, number>; floor: number; at: number };
const STATISTICS_MS = 10 * 60_000;
const tokenStatisticsCache = new WeakMap<Db, TokenStatistics>();

/**
 * The commonest search tokens and the share of ads that have each, as ANALYZE last counted
 * them (pg_stats of search_tokens), read again every ten minutes. `floor`: the share of the
 * least common of them, which every token not among them is below.
 */
async function tokenStatistics(db: Db): Promise<TokenStatistics> {
  const cached = tokenStatisticsCache.get(db);
  if (cached && Date.now() - cached.at < STATISTICS_MS) return cached;
  const [row] = await queryRows<{ elems: string[] | null; freqs: number[] | null }>(
    db,
    sql`SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs FROM pg_stats
        WHERE schemaname = current_schema() AND tablename = 'listings' AND attname = 'search_tokens'`,
  );
  const share = new Map<string, number>();
  const elems = row?.elems ?? [];
  const freqs = row?.freqs ?? [];
  elems.forEach((token, i) => share.set(token, Number(freqs[i])));
  // After the shares come the least and the greatest of them (and the share of empty arrays).
  const stats = { share, floor: elems.length ? Number(freqs[elems.length]) : 1, at: Date.now() };
  tokenStatisticsCache.set(db, stats);
  return stats;
}

/** What a try of fine bands `bands` asks the indexes: the terms in those bands; without terms, the search's own `find` within the bands. */
function bandFind(ctx: SearchContext, terms: string[][], bands: number[]): CollectOptions {
  if (terms.length) return { find: terms.map((t) => bandedCondition(bands, t)), onlyFind: true };
  return { find: [...ctx.where.find, ...fineBandFind(bands[0]!, bands.at(-1)!)] };
}

/**
 * One price band with more matches than a sort takes at once: walk it in price order (cheap when
 * the words are common in it, as "laptop" is among the ads of 60,000 KES); if the walk finds too
 * few, the band's matches are sparse, so sort them all; if they are too many for that too, walk on.
 */
async function denseBand(ctx: SearchContext, limits: SearchLimits, group: WalkGroup, g: number, band: number, down: boolean, must: number, want: number, steps: string[], terms: string[][]) {
  const order = down ? 'kes_desc' : 'kes_asc';
  const short = Math.ceil(limits.firstWalkRows / 4);
  const walked = readWalk(await ctx.run<Row>(walkSql(group, ctx.where, short, want, bandWalk(band), order)), g, short, want);
  steps.push(`walk band ${band} (${short}): ${walked.hits.length}`);
  if (walked.complete || walked.hits.length >= must) return walked;
  const sorted = await collect(ctx, group, g, want, limits.collectCap, null, bandFind(ctx, terms, [band]));
  steps.push(`band ${band}: ${sorted.total}`);
  if (sorted.total <= limits.collectCap) return { hits: sorted.hits, complete: true };
  const rows = limits.maxWalkRows;
  const long = readWalk(await ctx.run<Row>(walkSql(group, ctx.where, rows, want, bandWalk(band), order)), g, rows, want);
  steps.push(`walk band ${band} (${rows}): ${long.hits.length}`);
  // A walk that stopped before the band's end has still found the page's matches in order.
  return long.complete || long.hits.length >= must ? long : null;
}

/** Where a walk of one fine price band starts (and stops): the band's prices, a little wider, checked exactly. */
function bandWalk(band: number): SQL {
  const lo = Math.max(0, Math.floor(Math.exp(band / 16) - 2));
  const hi = Math.ceil(Math.exp((band + 1) / 16));
  return sql`(price IS NULL) IS FALSE AND (currency <> 'KES') IS FALSE AND currency = 'KES' AND price >= ${lo} AND price <= ${hi} AND floor(ln(price + 1) * 16)::integer = ${band}`;
}

/** collect's options: a time limit, or what to ask the indexes instead of the search's own `find` (a price order's bands). */
type CollectOptions = {
  timeoutMs?: number;
  /** What to ask the indexes instead of the search's own `find` (a price order's bands, the title words). */
  find?: SQL[];
  /** Only that index is read: the checks are one condition no index serves. */
  onlyFind?: boolean;
  /** The cap counts what the index found, checked or not: at most `cap + 1` ads are read, however few pass. */
  checkAfter?: boolean;
};

async function collect(ctx: SearchContext, group: WalkGroup, g: number, want: number, cap: number | null, within: SQL | null, options: CollectOptions = {}) {
  const { timeoutMs, find, onlyFind, checkAfter } = options;
  const statement = collectSql(group, find ? { ...ctx.where, find } : ctx.where, want, cap, within, onlyFind, checkAfter);
  // Under a statement_timeout PostgreSQL cancels the statement past `timeoutMs` (PGlite has no timer and finishes it).
  const rows = await ctx.run<Row>(statement, timeoutMs ? [`statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`] : undefined);
  return { hits: toHits(rows, g, want), total: rows.length ? Number(rows[0]!.walked) : 0 };
}

/** `body` on a connection with `SET LOCAL` settings (a transaction of its own), or on `db` as it is without any. */
export function withSettings<R>(db: Db, settings: string[] | undefined, body: (db: Db) => Promise<R>): Promise<R> {
  if (!settings?.length) return body(db);
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`SET LOCAL ${setting}`));
    return body(tx as unknown as Db);
  });
}

function isTimeout(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: string }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The one statement most searches need: the first walk (or read) of every group, and the page
 * as if they were enough (findHits says whether they were).
 */
export function firstStatement(plan: SearchPlan, where: Conditions, offset: number, limit: number, now: Date, format: ListingFormat<unknown>): SQL {
  const name = (i: number) => sql.raw(`g${i}`);
  const reads = plan.groups.map(
    (g, i) => sql`${name(i)} AS MATERIALIZED (${g.kind === 'featured' ? featuredSql(g, where, plan.window) : walkSql(g, where, plan.limits.firstWalkRows, plan.window)})`,
  );
  const union = sql.join(
    plan.groups.map((_, i) => sql`SELECT ${i} AS grp, n, id FROM (SELECT id, ok, row_number() OVER () AS n FROM ${name(i)}) x WHERE ok`),
    sql` UNION ALL `,
  );
  const rowsJson = sql.join(
    plan.groups.map((_, i) => sql`(SELECT coalesce(json_agg(json_build_array(id, featured_ends, ok, walked, at, price, kes)), '[]') FROM ${name(i)})`),
    sql`, `,
  );
  return sql`WITH ${sql.join(reads, sql`, `)},
      ranked AS MATERIALIZED (SELECT id, row_number() OVER (ORDER BY grp, n) AS n FROM (${union}) u),
      page AS (SELECT id, n FROM ranked WHERE n > ${offset} AND n <= ${offset + limit})
    SELECT json_build_array(${rowsJson})::text AS reads,
           (SELECT ${LISTING_GENERATION} FROM listing_changes) AS generation,
           (SELECT greatest(reltuples, 0)::float8 FROM pg_class WHERE oid = 'listings'::regclass) AS rows,
           ${format.arraySql(now)} AS items`;
}

/** firstStatement's `reads`, as findHits takes them. */
export function parseReads(text: string): Row[][] {
  return (JSON.parse(text) as Array<Array<[string, number | null, boolean, number, number, number | null, boolean]>>).map((rows) =>
    rows.map(([id, featured_ends, ok, walked, at, price, kes]) => ({ id, featured_ends, ok, walked, at, price, kes })),
  );
}
