import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryPrepared, queryRows, sqlArray, type Db } from '../db/client.ts';
import type { ListingFilters } from '../listings/queries.ts';
import { compileSearch, ownTokens } from './index-terms.ts';
import { MemoryIndex, type IndexedAd, type IndexHit } from './memory-index.ts';

/*
 * The memory index's life beside the database (issue 15): loaded at start-up, kept up to date
 * from migration 1000's change notes, reloaded now and then to drop dead slots.
 *
 * Freshness: before it answers, a search asks the database which ads changed since the index
 * last asked (one small statement, shared by the searches waiting at that moment) and reads
 * those ads again. So a search sees every change committed before it began, as one that asked
 * the database directly would; an ad posted on another server is found by the next search here.
 * Until the first load is done, and for what only the database can answer (index-terms.ts),
 * searches go to the database as before (bounded-search.ts).
 */

/** Ads read per statement while loading: one JSON text each, parsed at once. */
const LOAD_CHUNK = 20_000;
/** A reload is started when this share of slots is dead (edited, sold, expired ads). */
const RELOAD_DEAD_SHARE = 0.25;
/** Change notes older than this are deleted; a server that could not catch up for longer reloads. */
const KEEP_CHANGES_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
export const CATCH_UP_EVERY_MS = 60_000;
/** The most ads that may match a word with punctuation inside that the database is asked to test in one statement. */
const CHECK_AT_MOST = 2_000;

export type IndexAnswer = { hits: IndexHit[]; check: boolean };

export type SearchIndex = {
  /** Whether the first load is done (searches use the index from then on). */
  readonly loaded: boolean;
  /** Settles when the first load is done (or failed: the database answers searches then). */
  readonly ready: Promise<void>;
  /**
   * The first `want` matches in display order, exactly, or null when the index cannot answer
   * this search (not loaded yet, a subcategory, a word with punctuation inside under Best
   * match). `check`: the hits are every ad that may match, in display order, and the database
   * must test them (a word with punctuation inside: index-terms.ts).
   */
  find(filters: ListingFilters, want: number, now: Date): Promise<IndexAnswer | null>;
  /** How many live ads, the time of the first load (the benchmark reports them), and how many change notes were read. */
  stats(): { ads: number; slots: number; loadMs: number; notesRead: number };
  /** One catch-up and tidy-up; server/main.ts runs it every CATCH_UP_EVERY_MS. */
  keepFresh(): Promise<void>;
  close(): void;
};

type AdRow = [string, number, number | null, number | null, string, string, string | null, string | null, string, string[], string[]];

/** One ad as the index holds it, written by PostgreSQL as a JSON array (AdRow). */
const AD_JSON = sql.raw(`json_build_array(id, floor(extract(epoch from created_at) * 1000000)::float8,
  floor(extract(epoch from featured_until) * 1000000)::float8, price, currency, lower(category),
  county_code, town_id, lower(location), search_tokens, search_title_words(title))`);

function toAd(row: AdRow): IndexedAd {
  const [id, created, featuredUntil, price, currency, category, county, town, location, tokens, titleWords] = row;
  return { id, created, featuredUntil, price: price === null ? null : Number(price), currency, location, tokens: [...tokens, ...ownTokens({ county, town, category })], titleWords };
}

/** Loads every active ad into a new index, in date order; `snapshot`: the notes to read next are those it cannot see. */
async function load(db: Db): Promise<{ index: MemoryIndex; snapshot: string }> {
  const index = new MemoryIndex();
  let snapshot: string | null = null;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const since = after ? sql`AND (created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
    const [row] = await queryRows<{ snapshot: string; ads: string; last_at: string | null }>(
      db,
      sql`WITH chunk AS (SELECT * FROM listings WHERE status = 'active' ${since} ORDER BY created_at, id LIMIT ${LOAD_CHUNK})
        SELECT pg_current_snapshot()::text AS snapshot,
          (SELECT coalesce(json_agg(${AD_JSON} ORDER BY created_at, id), '[]')::text FROM chunk) AS ads,
          (SELECT json_build_array(created_at, id)::text FROM chunk ORDER BY created_at DESC, id DESC LIMIT 1) AS last_at`,
    );
    // Changes committed after the first chunk was read are in the notes its snapshot cannot see.
    snapshot ??= row!.snapshot;
    const ads = JSON.parse(row!.ads) as AdRow[];
    for (const ad of ads) index.put(ad[0], toAd(ad));
    if (ads.length < LOAD_CHUNK || !row!.last_at) break;
    const [at, id] = JSON.parse(row!.last_at) as [string, string];
    after = { at, id };
  }
  index.mergePrices(true);
  return { index, snapshot: snapshot! };
}

/**
 * A snapshot's text (pg_current_snapshot(): "xmin:xmax:xip,xip,…"): the first transaction it
 * could not see yet (xmax) and those running when it was taken (xip, each below xmax).
 */
function snapshotParts(text: string): { xmax: string; xip: string[] } {
  const parts = /^(\d+):(\d+):([\d,]*)$/.exec(text);
  if (!parts) throw new Error(`Not a snapshot: ${text}`);
  return { xmax: parts[2]!, xip: parts[3] ? parts[3].split(',') : [] };
}

/**
 * The notes a catch-up from `snapshot` reads, the new snapshot, and the ads noted. The two kinds
 * of note are asked apart, with the snapshot's numbers as values: given one condition "this or
 * that" on numbers it could not see, PGlite's planner read every note (9 ms at 100,000 notes).
 */
export function catchUpStatement(snapshot: string): SQL {
  const { xmax, xip } = snapshotParts(snapshot);
  return sql`WITH notes AS (
      SELECT listing_id FROM search_index_changes WHERE xid >= ${xmax}::xid8
      UNION ALL
      SELECT listing_id FROM search_index_changes WHERE xid = ANY(${sqlArray(xip, 'xid8')}))
    SELECT pg_current_snapshot()::text AS snapshot, (SELECT count(*)::int FROM notes) AS notes,
      coalesce((SELECT json_agg(DISTINCT listing_id) FROM notes), '[]')::text AS ids`;
}

export function createSearchIndex(db: Db, logger: Logger): SearchIndex {
  /** The index, and the snapshot of its last catch-up: the notes to read next are those of transactions it could not see. */
  type State = { index: MemoryIndex; snapshot: string };
  let state: State | null = null;
  let loadMs = 0;
  let closed = false;
  let reloading = false;
  let lastCaughtUp = Date.now();
  /** The index may have missed notes (see fresh): the database answers until a reload. */
  let stale = false;
  let lastPruned = 0;
  let notesRead = 0;

  /**
   * Reads again the ads whose change notes `s` has not seen, and moves its snapshot on. A note is
   * new if its transaction was not visible in the last snapshot: it began later (xid at or past
   * that snapshot's xmax) or was running then (its xip list). Both are index look-ups, so a
   * long transaction elsewhere does not make every catch-up read again the notes since it began.
   */
  async function catchUp(s: State): Promise<void> {
    const [row] = await queryPrepared<{ snapshot: string; notes: number; ids: string }>(db, 'search_index_changes', catchUpStatement(s.snapshot));
    notesRead += row!.notes;
    const ids = JSON.parse(row!.ids) as string[];
    if (ids.length) {
      const [ads] = await queryRows<{ ads: string }>(
        db,
        sql`SELECT coalesce(json_agg(${AD_JSON}), '[]')::text AS ads FROM listings WHERE id = ANY(${sqlArray(ids, 'uuid')}) AND status = 'active'`,
      );
      const current = new Map((JSON.parse(ads!.ads) as AdRow[]).map((ad) => [ad[0], toAd(ad)]));
      for (const id of ids) s.index.put(id, current.get(id) ?? null);
    }
    s.snapshot = row!.snapshot;
  }

  /** One catch-up at a time; a search that arrives while one runs waits for the next, which may see its writes. */
  let current: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  function fresh(): Promise<void> {
    if (!current) {
      const s = state;
      current = (async () => {
        if (!s) return;
        // So long without catching up that other servers may have deleted notes this one never read: only a reload is sure.
        if (Date.now() - lastCaughtUp > KEEP_CHANGES_MS / 2) stale = true;
        await catchUp(s);
        lastCaughtUp = Date.now();
      })().finally(() => {
        current = null;
      });
      return current;
    }
    next ??= current
      .catch(() => undefined)
      .then(() => {
        next = null;
        return fresh();
      });
    return next;
  }

  async function reload() {
    if (reloading || closed) return;
    reloading = true;
    try {
      const started = Date.now();
      const loaded = await load(db);
      const s: State = { index: loaded.index, snapshot: loaded.snapshot };
      await catchUp(s);
      // Catch up once more right before the swap: what the old index learns from here on, the next catch-up tells the new one.
      await current?.catch(() => undefined);
      await catchUp(s);
      state = s;
      loadMs = Date.now() - started;
      lastCaughtUp = Date.now();
      stale = false;
      logger.info({ ads: s.index.live, ms: loadMs }, 'search index loaded');
    } finally {
      reloading = false;
    }
  }

  const reloadInBackground = () => reload().catch((err) => logger.error({ err }, 'search index reload failed'));

  function housekeeping() {
    const now = Date.now();
    if (state && !reloading && state.index.deadShare() > RELOAD_DEAD_SHARE) reloadInBackground();
    if (now - lastPruned > PRUNE_EVERY_MS) {
      lastPruned = now;
      queryRows(db, sql`DELETE FROM search_index_changes WHERE at < now() - ${`${KEEP_CHANGES_MS / 1000} seconds`}::interval`).catch((err) =>
        logger.warn({ err }, 'search index: old change notes not deleted'),
      );
    }
  }

  const ready = reload().catch((err) => {
    // Closed while loading (a server stopping): nothing to say.
    if (!closed) logger.error({ err }, 'search index not loaded: searches go to the database');
  });

  return {
    get loaded() {
      return state !== null;
    },
    ready,
    async find(filters, want, now) {
      if (!state || closed) return null;
      try {
        await fresh();
      } catch (err) {
        logger.warn({ err }, 'search index could not catch up: this search goes to the database');
        return null;
      }
      if (stale) {
        if (!reloading) reloadInBackground();
        return null;
      }
      housekeeping();
      const { index } = state;
      const compiled = compileSearch(index, filters);
      if (!compiled) return null;
      if (compiled.exact) return { hits: index.search(compiled.query, compiled.conditions, want, now.getTime() * 1000), check: false };
      // Every ad that may match, if few enough for the database to test at once; else the database answers.
      const hits = index.search(compiled.query, compiled.conditions, CHECK_AT_MOST + 1, now.getTime() * 1000);
      return hits.length > CHECK_AT_MOST ? null : { hits, check: true };
    },
    stats() {
      return { ads: state?.index.live ?? 0, slots: state?.index.size ?? 0, loadMs, notesRead };
    },
    // Catching up now and then keeps an idle server's index near the notes' end; one that could not
    // for so long that other servers may have deleted notes it never read is reloaded.
    async keepFresh() {
      if (!state || closed) return;
      await fresh();
      housekeeping();
    },
    close() {
      closed = true;
    },
  };
}
