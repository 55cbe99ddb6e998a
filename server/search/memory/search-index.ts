import { setTimeout as delay } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryPrepared, queryRows, sqlArray, type Db } from '../../db/client.ts';
import type { EngineAnswer, EngineQuery, SearchEngine } from '../search-engine.ts';
import type { WordSource } from '../corrections.ts';
import { compileSearch, ownTokens, type CompiledSearch } from './index-terms.ts';
import { memorySuggestions, memoryWords } from './memory-words.ts';
import type { SuggestedWord } from '../suggest-words.ts';
import { fullCollection } from './full-collection.ts';
import { IndexFullError, MemoryIndex, TOKEN_BREAK, tokenCount, type IndexedAd } from './memory-index.ts';
import { Slicer } from './slices.ts';
import type { Listener, ListenHandlers } from '../../db/listen.ts';

/*
 * The memory index's life beside the database (issue 15): loaded at start-up, kept up to date
 * from migration 1000's change notes, its dead slots compacted in place now and then (issue 41),
 * reloaded when a self-check finds it differs from the database.
 *
 * Freshness: before it answers, a search asks the database which ads changed since the index
 * last asked (one small statement, shared by the searches waiting at that moment) and reads
 * those ads again, when something may have changed since the last time: this process wrote
 * (SearchIndexOptions.changes.writes), another server's change note woke it (PostgreSQL's
 * NOTIFY, migration 2100), the notifications may have been missed (no LISTEN connection), or a
 * minute passed. So a search sees every change this process committed before it began, and one
 * of another server once its notification has arrived (docs/decisions/search-index-notifications.md).
 * Until the first load is done, and for what only the database can answer (index-terms.ts),
 * searches go to the database engine (search.ts).
 */

/**
 * Ads read per statement while loading (loadChunks): SERVER_CHUNK on PostgreSQL; on PGlite, whose
 * statement runs on this thread, FIRST_CHUNK first, then each sized so that it holds the event
 * loop about CHUNK_MS, up to MAX_CHUNK. Each chunk is one text whose ads are parsed and added in
 * slices. The first FIRST_CHUNK ads also say how many tokens an ad has, to size the index once.
 *
 * SERVER_CHUNK is small because a chunk's text is decoded and handed over in one piece, outside
 * the slices: at 10,000 ads (3 MB) that, beside the database writing the next chunk on the other
 * core, held the event loop 75-90 ms at machine speed ~620; at 1,000 ads 41-56 ms, in as long a
 * load (docs/decisions/search-index-load-chunks.md).
 */
const FIRST_CHUNK = 1_000;
const MIN_CHUNK = 100;
const SERVER_CHUNK = 1_000;
const MAX_CHUNK = 10_000;
const CHUNK_MS = 20;
/** The index's size is checked against the ceiling every this many ads loaded (bytes() walks every token). */
const SIZE_CHECK_ADS = 50_000;
/**
 * Ads added between two looks at the clock (Slicer.maybePause). The first ads of a load are
 * slow (most of their words are new, the code not yet optimised): 256 of them held the event
 * loop 31 ms at 1M, where 256 took 2-3 ms once warm.
 */
const ADS_PER_LOOK = 32;
/** Ads a catch-up reads per statement: a burst of changes (a day's expiries) is read and added in parts, the event loop given back between. */
const CATCH_UP_CHUNK = 1_000;
/** Dead slots are compacted in place when this share of slots is dead (edited, sold, expired ads), give or take (compactAtDeadShare). */
const COMPACT_DEAD_SHARE = 0.25;
/**
 * A reload after a self-check difference waits a random moment up to this long, in proportion
 * to the index's size up to 1M ads: every process sees the same difference at about the same
 * time, and their loads together would weigh on the database at once. The database answers meanwhile.
 */
const RELOAD_SPREAD_MS = 30_000;
/** Change notes older than this are deleted; a server that could not catch up for longer reloads. */
const KEEP_CHANGES_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
export const CATCH_UP_EVERY_MS = 60_000;
/** An index that has not caught up for this long says it is stale (readiness). */
const STALE_AFTER_MS = 3 * CATCH_UP_EVERY_MS;
/** How often the index is compared with the database (selfCheck; server/main.ts schedules it with a random fifth of jitter so that processes do not compare at once). */
export const SELF_CHECK_EVERY_MS = 10 * 60_000;
/** A first load of at least this many ads ends with a full collection before ready (full-collection.ts); a small one leaves little garbage. */
const COLLECT_FROM_ADS = 50_000;
/** How long the dead arrays' memory takes to be given back after the full collection before ready (measured: well under this at 1M ads). */
const FREED_AFTER_MS = 250;
/** After a failed load, the next try waits this long, doubled each time up to the most. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MOST_MS = 5 * 60_000;
/**
 * Ads that may match a word with punctuation inside that the index gives the database to test:
 * first as many as one statement tests (checked-hits.ts), and if those cannot tell the page, up
 * to the most (a few statements); past them, the database answers.
 */
const FIRST_CANDIDATES = 2_000;
const CANDIDATES_AT_MOST = 20_000;

/** The index's state, as readiness reports it (server/api/readiness.ts). */
export type IndexReadiness = {
  /** loading: the first load runs; warming: loaded, answering searches of its own first (options.warmUp); ready: loaded and caught up; failed: the load failed and is tried again; too_big: over SEARCH_INDEX_MAX_MB or a map's limit, the database answers. */
  state: 'loading' | 'warming' | 'ready' | 'failed' | 'too_big';
  /** Whether searches may be answered as fast as designed: the index answers, or will never (too_big, where the log says why). */
  ready: boolean;
  /** The index may have missed changes (no catch-up for STALE_AFTER_MS, lost notes, a self-check difference): the database answers until it has reloaded. */
  stale: boolean;
  ads: number;
  bytes: number;
  /** Since the last catch-up; null before the first load. */
  caughtUpAgoMs: number | null;
  reason?: string;
};

/** What a self-check found: the same ads, a difference (a reload is started), or nothing sure (writes came in meanwhile, or no index). */
export type SelfCheck = { result: 'agree' | 'differ' | 'unsure'; index?: { ads: number; checksum: string }; database?: { ads: number; checksum: string } };

/**
 * The active ads' count and checksum as MemoryIndex keeps them (memory-index.ts adChecksum):
 * one pass over the active ads' partial indexes, a few hundred milliseconds at 1M.
 */
export const ACTIVE_CHECKSUM = sql.raw(`SELECT count(*)::int AS ads, coalesce(sum(
    ('x' || right(id::text, 8))::bit(32)::bigint
    + floor(extract(epoch from created_at) * 1000000)::bigint % 4294967296
    + coalesce(floor(extract(epoch from featured_until) * 1000000)::bigint % 4294967296, 0)
    + coalesce(price % 4294967296, 0)) % 4294967296, 0)::text AS checksum
  FROM listings WHERE status = 'active'`);

export type SearchIndexOptions = {
  /** The most bytes the index may hold (SEARCH_INDEX_MAX_MB): past it, the index is dropped and the database answers. */
  maxBytes?: number;
  /** The database runs its statements on this thread (PGlite): loads read smaller chunks, as their statements hold the event loop too. */
  databaseInThread?: boolean;
  /** How to know when to catch up; without it, every search catches up first. */
  changes?: ChangeSignals;
  /** Candidates of a word with punctuation inside given at first (FIRST_CANDIDATES; tests make it small to reach the rest). */
  firstCandidates?: number;
  /** Run once after the first load, before readiness says ready (server/search/warm-up.ts); the index answers searches meanwhile. `stop` aborts when the index is closed. */
  warmUp?: (engine: SearchIndex, stop: AbortSignal) => Promise<WarmUpStats>;
};

/** What a warm-up did (the benchmark and the start-up log report it). */
export type WarmUpStats = { searches: number; ms: number };

/** The channel migration 2100's trigger notifies on every change note. */
export const CHANGES_CHANNEL = 'soko_search_index_changes';

/**
 * What tells the index that a catch-up may find something (issue 41 point 8: the catch-up
 * statement before every search was a third of the database's CPU a search).
 */
export type ChangeSignals = {
  /** Statements this process completed that may have written (Database.writes). */
  writes(): number;
  /** Notifications of other processes' change notes (Database.listen on CHANGES_CHANNEL); absent where no other process can write (PGlite, in process). */
  listen?(handlers: ListenHandlers): Promise<Listener>;
};

/** A failed LISTEN is tried again after this long; searches catch up every time meanwhile. */
const LISTEN_RETRY_MS = 5_000;

/**
 * The memory engine (search-engine.ts). It can answer once loaded and not stale, and not a
 * subcategory or its fields (index-terms.ts); its answer to a word with punctuation inside is
 * the ads that may match, in display order (the first FIRST_CANDIDATES, more when asked), which
 * the database tests (EngineAnswer.unchecked, checked-hits.ts).
 */
export type SearchIndex = SearchEngine & {
  /** Whether the first load is done (searches use the index from then on). */
  readonly loaded: boolean;
  /** Settles when the first load and its warm-up are done (or the load failed: the database answers searches then). */
  readonly ready: Promise<void>;
  readiness(): IndexReadiness;
  /** Catches up if changes were notified since the last catch-up (readiness then counts the ads searches see); settles either way. */
  caughtUp(): Promise<void>;
  /** How many live ads, the time of the first load (the benchmark reports them), how many change notes were read, and the bytes held. */
  stats(): { ads: number; slots: number; loadMs: number; notesRead: number; catchUps: number; listening: boolean; bytes: number; warmUp: WarmUpStats | null };
  /** Live ads' words starting with `prefix`, commonest first (issue 42: suggestions), caught up; null when it cannot answer now (the database then does). */
  suggestions(prefix: string, want: number): Promise<SuggestedWord[] | null>;
  /** One catch-up and tidy-up; server/main.ts runs it every CATCH_UP_EVERY_MS. */
  keepFresh(): Promise<void>;
  /** Compares the index with the database's active ads (server/main.ts runs it every SELF_CHECK_EVERY_MS); a difference starts a reload. */
  selfCheck(): Promise<SelfCheck>;
  /** Loads the index again beside the one answering, and swaps them (also done on its own after a self-check difference). */
  reload(): Promise<void>;
  /** Drops the dead slots in place (also done on its own at a quarter dead); settles when done. */
  compact(): Promise<void>;
  close(): void;
};

type AdRow = [string, number, number | null, number | null, string, string, string | null, string | null, string, string, string, string | null];

/*
 * One ad as the index holds it: a JSON array (AdRow), its line, a row each in a load's or a
 * catch-up's statement. Each line is parsed as it is added, so that its strings and arrays die
 * young: a whole chunk parsed at once lived on through the young generation's collections into
 * the old one, and made the full collections of a load many and long. Each active ad's line is
 * stored (listings.index_line, migration 2400), written with the ad by listing_index_line()
 * there, which also says what each field is; an ad without one (before that migration, a
 * restore) has it computed as it is read. Writing the lines at each load was three quarters of
 * PostgreSQL's time of a load at 1M ads (docs/decisions/search-index-lines.md).
 *
 * Its tokens and title words come as one string each, joined by TOKEN_BREAK: a JSON array of
 * forty strings per ad made a load's chunk hundreds of thousands of objects, which every full
 * collection during the load marked while the event loop waited (30-45 ms at 1M ads); the
 * tokens' string goes to the index as it is (IndexedAd.joinedTokens). The one token that can hold
 * any character, 'c:' and the category, is left out and made again from the category only when
 * the category holds the break. The title's words are split by the database at spaces and ASCII
 * punctuation (what a space is, and a letter's lower case, are the database's to say), and
 * titleWords() adds the runs of digits and of other characters of each word, as migration 0990's
 * search_title_words does in one go.
 */
const AD_LINE = sql.raw('coalesce(l.index_line, listing_index_line(l, l.search_tokens))');

/**
 * The title's words from the line's split title: each word, and its runs of ASCII digits and of
 * other characters when it has both, as PostgreSQL's [0-9] in search_words (repeats are harmless:
 * MemoryIndex takes each once). A character at a time: split() and a regular expression per word
 * were 0.5 s of a load of 1M ads.
 */
export function titleWords(split: string): string[] {
  const words: string[] = [];
  for (let from = 0; from < split.length; ) {
    let to = split.indexOf(TOKEN_BREAK, from);
    if (to === -1) to = split.length;
    if (to > from) {
      words.push(split.slice(from, to));
      let run = from;
      for (let i = from + 1; i < to; i++) {
        if (isDigit(split.charCodeAt(i)) === isDigit(split.charCodeAt(i - 1))) continue;
        words.push(split.slice(run, i));
        run = i;
      }
      if (run > from) words.push(split.slice(run, to));
    }
    from = to + 1;
  }
  return words;
}
const isDigit = (code: number) => code >= 48 && code <= 57;

function toAd(row: AdRow): IndexedAd {
  const [id, created, featuredUntil, price, currency, category, county, town, location, tokens, title, subcategory] = row;
  const own = ownTokens({ county, town, category, subcategory });
  return {
    id,
    created,
    featuredUntil,
    price: price === null ? null : Number(price),
    currency,
    location,
    joinedTokens: tokens,
    tokens: category.includes(TOKEN_BREAK) ? [`c:${category}`, ...own] : own,
    titleWords: titleWords(title),
  };
}

/**
 * One load statement's ads, one line a row, how many, the last one's key, and how long the
 * statement took from here. A row each, not the chunk's lines joined into one text:
 * node-postgres gathers a message that spans several socket reads in a buffer it doubles, and a
 * 450 kB text a chunk made it copy each chunk about twice into new memory (with
 * MALLOC_MMAP_THRESHOLD_, new pages each time): 5 s of a load's 20 on this thread at 1M ads.
 */
type Chunk = { lines: string[]; n: number; last: Key | null; statementMs: number };
/** An ad's place in date order: its created_at in µs (as its line has it: exact below 2^53) and its id. */
type Key = [number, string];

/** A statement's first `size` active ads after `after` (created_at, id), in date order, and the last one's key. */
function readChunk(db: Db, after: Key | null, size: number): Promise<Chunk> {
  const from = after ? sql`AND (created_at, id) > (to_timestamp(0) + ${after[0]}::bigint * interval '1 microsecond', ${after[1]}::uuid)` : sql``;
  const asked = performance.now();
  return queryRows<{ line: string }>(db, sql`SELECT ${AD_LINE} AS line FROM listings l WHERE status = 'active' ${from} ORDER BY created_at, id LIMIT ${size}`).then((rows) => {
    const lines = rows.map((row) => row.line);
    const lastAd = lines.length === 0 ? null : (JSON.parse(lines[lines.length - 1]!) as AdRow);
    return { lines, n: lines.length, last: lastAd && [lastAd[1], lastAd[0]], statementMs: performance.now() - asked };
  });
}

/**
 * The snapshot a load's catch-ups start from (taken before any ad is read: a change after it is
 * caught up, even one a chunk already saw) and the active ads then (to size the index once).
 */
async function loadStart(db: Db): Promise<{ snapshot: string; active: number }> {
  const [head] = await queryRows<{ snapshot: string; active: number }>(
    db,
    sql`SELECT pg_current_snapshot()::text AS snapshot, (SELECT count(*)::int FROM listings WHERE status = 'active') AS active`,
  );
  return head!;
}

/**
 * Every active ad in chunks, in date order, read by keyset (created_at, id). On PostgreSQL the
 * next chunk (of `size`) is asked for as soon as one arrives, so that the database writes it on
 * the other core while this thread adds the last. Two chunks asked for at once on two
 * connections loaded 1M ads 0.8 s sooner, but three busy threads on two cores held the event
 * loop up to 69 ms while reloading beside a live index (docs/decisions/search-index-load-cpu.md).
 * `inThread` (PGlite): the statement runs on this thread, so each chunk is asked for after the
 * last was added, sized from the last one's time to hold the event loop about CHUNK_MS.
 */
export async function* loadChunks(db: Db, inThread: boolean, size = inThread ? MAX_CHUNK : SERVER_CHUNK): AsyncGenerator<Chunk> {
  let want = inThread ? Math.min(FIRST_CHUNK, size) : size;
  let pending: Promise<Chunk> | null = readChunk(db, null, want);
  try {
    while (pending) {
      const chunk: Chunk = await pending;
      const next = chunk.n === want && chunk.last ? chunk.last : null;
      pending = next && !inThread ? readChunk(db, next, want) : null;
      yield chunk;
      if (next && inThread) {
        want = Math.min(size, Math.max(MIN_CHUNK, Math.round((want * CHUNK_MS) / Math.max(chunk.statementMs, 1))));
        pending = readChunk(db, next, want);
      }
    }
  } finally {
    // A load that stops (too big, a failed statement) leaves no asked-for chunk's failure unheard.
    void (pending as Promise<Chunk> | null)?.catch(() => undefined);
  }
}

/**
 * Loads every active ad into a new index, in date order; `snapshot`: the notes to read next
 * are those it cannot see (taken before any ad was read: a change after it is caught up, even
 * one a chunk already saw). `inThread`: the database runs on this thread (PGlite). Parsing and
 * adding the ads, sorting the price orders and building the bitmaps are done in slices
 * (slices.ts). An index that would pass `maxBytes` stops with IndexFullError.
 */
async function load(db: Db, maxBytes: number, inThread: boolean): Promise<{ index: MemoryIndex; snapshot: string }> {
  const index = new MemoryIndex();
  const slicer = new Slicer();
  const { snapshot, active } = await loadStart(db);
  let sizedAt = 0;
  let first = true;
  for await (const { lines, n, statementMs } of loadChunks(db, inThread)) {
    longestStatement.ms = Math.max(longestStatement.ms, statementMs);
    slicer.resume();
    await slicer.pause();
    if (first && n > 0) {
      first = false;
      // Tokens per ad from the first chunk's first FIRST_CHUNK ads (the oldest), with a margin.
      let tokens = 0;
      let counted = 0;
      for (const line of lines.slice(0, FIRST_CHUNK)) {
        tokens += tokenCount(toAd(JSON.parse(line) as AdRow));
        counted++;
      }
      await slicer.pause();
      await index.reserve(Math.ceil(active * 1.02), (tokens / counted) * 1.1, slicer);
      await slicer.pause();
    }
    await index.roomForMore(n, Math.ceil(active * 1.02) - index.live, slicer);
    for (let i = 0; i < lines.length; ) {
      index.addNew(toAd(JSON.parse(lines[i]!) as AdRow));
      if (++i % ADS_PER_LOOK === 0) await slicer.maybePause();
    }
    if (index.live - sizedAt >= SIZE_CHECK_ADS) {
      sizedAt = index.live;
      checkSize(index, maxBytes);
    }
  }
  checkSize(index, maxBytes);
  await index.finishLoad(slicer);
  return { index, snapshot };
}

/** The longest load statement, in ms: on PGlite it holds the event loop as long (the benchmarks report it; reset with takeLongestLoadStatement). */
const longestStatement = { ms: 0 };
export function takeLongestLoadStatement(): number {
  const ms = longestStatement.ms;
  longestStatement.ms = 0;
  return ms;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function checkSize(index: MemoryIndex, maxBytes: number) {
  const bytes = index.bytes();
  if (bytes > maxBytes) {
    throw new IndexFullError(`the search index would take more than SEARCH_INDEX_MAX_MB (${mb(maxBytes)} MB): ${mb(bytes)} MB at ${index.live.toLocaleString('en')} ads`);
  }
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

export function createSearchIndex(db: Db, logger: Logger, options: SearchIndexOptions = {}): SearchIndex {
  const maxBytes = options.maxBytes ?? 1024 * 1024 * 1024;
  const inThread = options.databaseInThread ?? false;
  // Each process compacts at a share of its own between 25% and 30%: processes see the same writes, and would otherwise all compact (and send their searches to the database) at once.
  const compactAtDeadShare = COMPACT_DEAD_SHARE + Math.random() * 0.05;
  /** The index, and the snapshot of its last catch-up: the notes to read next are those of transactions it could not see. */
  type State = { index: MemoryIndex; snapshot: string };
  let state: State | null = null;
  let loadMs = 0;
  /** Set while the first load's warm-up runs (readiness: warming), then what it did. */
  let warming = false;
  let warmedUp: WarmUpStats | null = null;
  const closing = new AbortController();
  let closed = false;
  let reloading = false;
  let lastCaughtUp = Date.now();
  /** The index may have missed notes (see fresh) or differs from the database (selfCheck): the database answers until a reload. */
  let stale = false;
  let staleReason: string | undefined;
  /** Why the index is not used at all (too big), or why the last load failed. */
  let tooBig: string | undefined;
  let failed: string | undefined;
  let lastPruned = 0;
  let notesRead = 0;
  let catchUps = 0;

  /*
   * Whether a search may skip the catch-up: notifications are arriving (or no other process can
   * write), none came since the last catch-up began, and this process has completed no write
   * since then. A write completed after a catch-up began may be missing from its snapshot, so the
   * count is taken as it begins.
   */
  const changes = options.changes;
  let listening = changes !== undefined && changes.listen === undefined;
  let notified = true;
  let writesSeen = -1;
  let listener: Listener | undefined;
  let listenTimer: NodeJS.Timeout | undefined;
  // A catch-up a minute (keepFresh) also keeps lastCaughtUp recent; without them (a stalled job, a mocked clock) searches catch up, and notice staleness.
  const upToDate = () => listening && !notified && changes!.writes() === writesSeen && Date.now() - lastCaughtUp < 2 * CATCH_UP_EVERY_MS;
  function listen() {
    if (!changes?.listen || closed) return;
    changes
      .listen({
        notify: () => {
          notified = true;
        },
        lost: () => {
          listening = false;
        },
        reconnected: () => {
          notified = true;
          listening = true;
        },
      })
      .then(
        (l) => {
          if (closed) return void l.close();
          listener = l;
          notified = true;
          listening = true;
        },
        (err: unknown) => {
          logger.warn({ err, retryInMs: LISTEN_RETRY_MS }, 'search index: cannot LISTEN for changes; every search catches up meanwhile');
          listenTimer = setTimeout(listen, LISTEN_RETRY_MS);
          listenTimer.unref();
        },
      );
  }
  listen();

  const markStale = (reason: string) => {
    stale = true;
    staleReason = reason;
  };

  /**
   * Reads again the ads whose change notes `s` has not seen, and moves its snapshot on. A note is
   * new if its transaction was not visible in the last snapshot: it began later (xid at or past
   * that snapshot's xmax) or was running then (its xip list). Both are index look-ups, so a
   * long transaction elsewhere does not make every catch-up read again the notes since it began.
   */
  async function catchUp(s: State): Promise<void> {
    const [row] = await queryPrepared<{ snapshot: string; notes: number; ids: string }>(db, 'search_index_changes', catchUpStatement(s.snapshot));
    notesRead += row!.notes;
    catchUps += 1;
    const ids = JSON.parse(row!.ids) as string[];
    // A burst of changes is read and added in parts: no searches use the index meanwhile (they wait for this catch-up), requests do.
    const slicer = new Slicer();
    for (let from = 0; from < ids.length; from += inThread ? CATCH_UP_CHUNK / 10 : CATCH_UP_CHUNK) {
      const part = ids.slice(from, from + (inThread ? CATCH_UP_CHUNK / 10 : CATCH_UP_CHUNK));
      const rows = await queryRows<{ line: string }>(db, sql`SELECT ${AD_LINE} AS line FROM listings l WHERE id = ANY(${sqlArray(part, 'uuid')}) AND status = 'active'`);
      slicer.resume();
      await s.index.roomForChanges(part.length, slicer);
      const current = new Map(rows.map(({ line }) => toAd(JSON.parse(line) as AdRow)).map((ad) => [ad.id, ad]));
      for (let i = 0; i < part.length; i++) {
        s.index.put(part[i]!, current.get(part[i]!) ?? null);
        if (i % ADS_PER_LOOK === ADS_PER_LOOK - 1) await slicer.maybePause();
      }
    }
    s.snapshot = row!.snapshot;
  }

  /**
   * One catch-up at a time; a search that arrives while one runs waits for the next, which may see
   * its writes. With nothing to catch up on (upToDate), none: `always` asks the database anyway.
   */
  let current: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  /** A waiter for `next` wants the database asked, notified or not (fresh(true)). */
  let nextAlways = false;
  function fresh(always = false): Promise<void> {
    if (!current && !always && state && upToDate()) return CAUGHT_UP;
    if (!current) {
      const s = state;
      current = (async () => {
        if (!s) return;
        // So long without catching up that other servers may have deleted notes this one never read: only a reload is sure.
        if (Date.now() - lastCaughtUp > KEEP_CHANGES_MS / 2) markStale('no catch-up for half the time change notes are kept');
        // A compaction renumbers the slots: the changes wait for it.
        await compaction;
        notified = false;
        writesSeen = changes?.writes() ?? -1;
        try {
          await catchUp(s);
        } catch (err) {
          notified = true;
          throw err;
        }
        lastCaughtUp = Date.now();
      })().finally(() => {
        current = null;
      });
      return current;
    }
    if (always) nextAlways = true;
    next ??= current
      .catch(() => undefined)
      .then(() => {
        const ask = nextAlways;
        next = null;
        nextAlways = false;
        return fresh(ask);
      });
    return next;
  }

  /** The reload running, if any: asking for another while it runs waits for it. */
  let reloadRun: Promise<void> | null = null;
  function reload(): Promise<void> {
    if (closed) return Promise.resolve();
    reloadRun ??= reloadOnce().finally(() => {
      reloadRun = null;
    });
    return reloadRun;
  }

  async function reloadOnce() {
    reloading = true;
    try {
      const started = Date.now();
      const loaded = await load(db, maxBytes, inThread);
      const s: State = { index: loaded.index, snapshot: loaded.snapshot };
      await catchUp(s);
      // Catch up once more right before the swap: what the old index learns from here on, the next catch-up tells the new one.
      await current?.catch(() => undefined);
      await catchUp(s);
      if (closed) return;
      state = s;
      // The new index's snapshot is its own: the next search catches up from it.
      notified = true;
      loadMs = Date.now() - started;
      lastCaughtUp = Date.now();
      stale = false;
      staleReason = undefined;
      failed = undefined;
      logger.info({ ads: s.index.live, ms: loadMs, mb: mb(s.index.bytes()), maxMb: mb(maxBytes) }, 'search index loaded');
    } catch (err) {
      if (err instanceof IndexFullError) {
        // The database answers every search from now on; a restart with more room tries again.
        state = null;
        tooBig = err.message;
        logger.error({ maxMb: mb(maxBytes) }, `${err.message}: searches go to the database`);
        return;
      }
      throw err;
    } finally {
      reloading = false;
    }
  }

  const reloadInBackground = () => reload().catch((err) => logger.error({ err }, 'search index reload failed'));
  /** A stale index is reloaded from this moment (Date.now()) on: see RELOAD_SPREAD_MS. */
  let reloadNotBefore = 0;
  let spreadTimer: NodeJS.Timeout | undefined;
  function reloadSpread() {
    const ads = state?.index.live ?? 0;
    const waitMs = Math.round(Math.random() * RELOAD_SPREAD_MS * Math.min(1, ads / 1_000_000));
    reloadNotBefore = Date.now() + waitMs;
    clearTimeout(spreadTimer);
    spreadTimer = setTimeout(() => void reloadInBackground(), waitMs);
    spreadTimer.unref();
  }

  /** The compaction running, if any: searches go to the database and catch-ups wait meanwhile. */
  let compaction: Promise<void> | null = null;
  function compactInBackground(s: State) {
    compaction ??= (async () => {
      // A catch-up that runs ends first; those after wait for the compaction (fresh).
      await current?.catch(() => undefined);
      const started = Date.now();
      const slots = await s.index.compact();
      logger.info({ slots: slots.before, ads: slots.after, ms: Date.now() - started, mb: mb(s.index.bytes()) }, 'search index compacted');
    })()
      .catch((err) => {
        // Half renumbered, the index cannot be trusted: the database answers until a reload.
        logger.error({ err }, 'search index compaction failed: reloading');
        markStale('a compaction failed');
        reloadSpread();
      })
      .finally(() => {
        compaction = null;
      });
  }

  function housekeeping() {
    const now = Date.now();
    if (state && !reloading && !compaction && state.index.deadShare() > compactAtDeadShare) compactInBackground(state);
    if (now - lastPruned > PRUNE_EVERY_MS) {
      lastPruned = now;
      queryRows(db, sql`DELETE FROM search_index_changes WHERE at < now() - ${`${KEEP_CHANGES_MS / 1000} seconds`}::interval`).catch((err) =>
        logger.warn({ err }, 'search index: old change notes not deleted'),
      );
    }
    // Growing past the ceiling after the load (many new ads): the same as a load that would.
    if (state && now - lastSized > SIZE_EVERY_MS) {
      lastSized = now;
      try {
        checkSize(state.index, maxBytes);
      } catch (err) {
        state = null;
        tooBig = (err as Error).message;
        logger.error({ maxMb: mb(maxBytes) }, `${tooBig}: searches go to the database`);
      }
    }
  }
  const SIZE_EVERY_MS = 10_000;
  let lastSized = 0;

  async function selfCheck(): Promise<SelfCheck> {
    await reloadRun?.catch(() => undefined);
    await compaction;
    const s = state;
    if (!s || closed) return { result: 'unsure' };
    // Catch-ups that ask the database, notified or not: a notification on its way must not look like a difference.
    await fresh(true);
    const [row] = await queryRows<{ ads: number; checksum: string }>(db, ACTIVE_CHECKSUM);
    const before = notesRead;
    // A catch-up that reads no note says nothing changed between the index's state and the count: the two are comparable.
    await fresh(true);
    if (notesRead !== before || state !== s) return { result: 'unsure' };
    const index = { ads: s.index.live, checksum: String(s.index.checksum) };
    const database = { ads: Number(row!.ads), checksum: row!.checksum };
    if (index.ads === database.ads && index.checksum === database.checksum) return { result: 'agree', index, database };
    logger.error({ index, database }, 'search index differs from the database (a write without change notes?): reloading, the database answers meanwhile');
    markStale('the self-check found a difference with the database');
    reloadSpread();
    return { result: 'differ', index, database };
  }

  /** The first load, tried again with growing pauses while it fails (the database may be starting). */
  async function firstLoad(delayMs = RETRY_FIRST_MS): Promise<void> {
    try {
      await reload();
    } catch (err) {
      if (closed) return;
      failed = err instanceof Error ? err.message : String(err);
      logger.error({ err, retryInMs: delayMs }, 'search index not loaded: searches go to the database; trying again');
      retryTimer = setTimeout(() => void firstLoad(Math.min(delayMs * 2, RETRY_MOST_MS)), delayMs);
      retryTimer.unref();
      return;
    }
    if (options.warmUp && state && !closed) await warmUp(options.warmUp);
    if (state && !closed && state.index.live >= COLLECT_FROM_ADS) {
      // Not yet ready, so the pause costs no buyer anything (full-collection.ts).
      const ms = fullCollection();
      // V8 frees the dead arrays' memory on a thread of its own after the collection: the RSS logged is the one served with.
      await delay(FREED_AFTER_MS);
      const { rss, heapUsed, heapTotal, arrayBuffers } = process.memoryUsage();
      logger.info(
        { ms: Math.round(ms), rssMb: mb(rss), heapMb: mb(heapUsed), heapTotalMb: mb(heapTotal), arrayBuffersMb: mb(arrayBuffers) },
        'search index ready: garbage of the load collected',
      );
    }
  }
  async function warmUp(run: NonNullable<SearchIndexOptions['warmUp']>): Promise<void> {
    warming = true;
    try {
      warmedUp = await run(engine, closing.signal);
      logger.info(warmedUp, 'search index warmed up');
    } catch (err) {
      logger.warn({ err }, 'search index warm-up failed: ready all the same');
    } finally {
      warming = false;
    }
  }
  let retryTimer: NodeJS.Timeout | undefined;
  const ready = firstLoad();

  /*
   * A search is compiled (its words' tokens found) by canAnswer and needed again by find, with
   * a catch-up between them: kept per query, and compiled again only if the index changed since.
   * Token ids stay valid while slots are only added to (a new token needs a new slot), so the
   * index and its size tell. Compiling twice was about 1% of the server's thread a search.
   */
  const compiledFor = new WeakMap<EngineQuery['filters'], { index: MemoryIndex; size: number; compiled: CompiledSearch | null }>();
  const compile = (index: MemoryIndex, filters: EngineQuery['filters']): CompiledSearch | null => {
    const kept = compiledFor.get(filters);
    if (kept && kept.index === index && kept.size === index.size) return kept.compiled;
    const compiled = compileSearch(index, filters);
    compiledFor.set(filters, { index, size: index.size, compiled });
    return compiled;
  };

  const engine: SearchIndex = {
    name: 'memory',
    get loaded() {
      return state !== null;
    },
    ready,
    canAnswer({ filters }: EngineQuery) {
      return state !== null && !closed && !stale && !compaction && compile(state.index, filters) !== null;
    },
    knows(words: string[]) {
      const index = state?.index;
      return index && !closed && !stale ? words.some((w) => index.tokenId(w) >= 0) : null;
    },
    async words(): Promise<WordSource | null> {
      if (!state || closed || stale) return null;
      try {
        await fresh();
      } catch {
        return null;
      }
      return state && !stale ? memoryWords(state.index, () => Date.now() * 1000) : null;
    },
    async suggestions(prefix: string, want: number): Promise<SuggestedWord[] | null> {
      if (!state || closed || stale || compaction) return null;
      try {
        await fresh();
      } catch {
        return null;
      }
      return state && !stale && !compaction ? memorySuggestions(state.index, prefix, want) : null;
    },
    async find({ filters, shape, now }: EngineQuery): Promise<EngineAnswer | null> {
      if (!state || closed || compaction) return null;
      try {
        await fresh();
      } catch (err) {
        logger.warn({ err }, 'search index could not catch up: this search goes to the database');
        return null;
      }
      if (stale) {
        if (!reloading && Date.now() >= reloadNotBefore) reloadInBackground();
        return null;
      }
      housekeeping();
      if (!state) return null;
      const { index } = state;
      const compiled = compile(index, filters);
      if (!compiled) return null;
      const steps = ['memory index'];
      if (compiled.exact) return { found: { hits: index.search(compiled.query, compiled.conditions, shape.window, now.getTime() * 1000), capped: false, fromFirst: false, steps }, unchecked: false };
      // The ads that may match, in display order, for the database to test until the page is
      // known: as many as it tests in one statement, which usually tell the page, and more only if
      // asked (writing 20,000 hits held the event loop for 15-20 ms).
      const candidates = (most: number): EngineAnswer => {
        const hits = index.search(compiled.query, compiled.conditions, most + 1, now.getTime() * 1000);
        const cut = hits.length > most;
        if (cut) hits.length = most;
        return { found: { hits, capped: false, fromFirst: false, steps }, unchecked: true, titlesUnchecked: compiled.titlesByDatabase, candidatesCut: cut };
      };
      const first = candidates(options.firstCandidates ?? FIRST_CANDIDATES);
      if (first.candidatesCut) first.moreCandidates = () => (state?.index === index && !compaction && !closed && !stale ? candidates(CANDIDATES_AT_MOST) : null);
      return first;
    },
    async caughtUp() {
      if (state && !closed && !compaction) await fresh().catch(() => undefined);
    },
    readiness(): IndexReadiness {
      const caughtUpAgoMs = state ? Date.now() - lastCaughtUp : null;
      const lagging = caughtUpAgoMs !== null && caughtUpAgoMs > STALE_AFTER_MS;
      const common = { stale: stale || lagging, ads: state?.index.live ?? 0, bytes: state?.index.bytes() ?? 0, caughtUpAgoMs };
      const why = staleReason ?? (lagging ? `no catch-up for ${Math.round(caughtUpAgoMs! / 1000)} s` : undefined);
      if (tooBig) return { state: 'too_big', ready: true, ...common, reason: `${tooBig}: searches go to the database` };
      if (state && warming) return { state: 'warming', ready: false, ...common, reason: 'the search index is warming up' };
      if (state) return { state: 'ready', ready: true, ...common, ...(common.stale ? { reason: why } : {}) };
      if (failed) return { state: 'failed', ready: false, ...common, reason: `the search index could not be loaded (${failed}); trying again` };
      return { state: 'loading', ready: false, ...common, reason: 'the search index is loading' };
    },
    stats() {
      return { ads: state?.index.live ?? 0, slots: state?.index.size ?? 0, loadMs, notesRead, catchUps, listening, bytes: state?.index.bytes() ?? 0, warmUp: warmedUp };
    },
    // Catching up now and then keeps an idle server's index near the notes' end; one that could not
    // for so long that other servers may have deleted notes it never read is reloaded.
    async keepFresh() {
      if (!state || closed || compaction) return;
      // Even with nothing notified: a notification lost on the way costs at most this long.
      await fresh(true);
      housekeeping();
    },
    selfCheck,
    reload,
    compact() {
      if (state && !closed) compactInBackground(state);
      return compaction ?? Promise.resolve();
    },
    close() {
      closed = true;
      closing.abort();
      clearTimeout(retryTimer);
      clearTimeout(spreadTimer);
      clearTimeout(listenTimer);
      void listener?.close();
    },
  };
  return engine;
}

const CAUGHT_UP: Promise<void> = Promise.resolve();

/** Room on the heap beside the index (and its copy during a reload): requests, pages, the rest of the server. */
const HEAP_HEADROOM_BYTES = 512 * 1024 * 1024;

/**
 * The index's ceiling: SEARCH_INDEX_MAX_MB, or less when the heap (--max-old-space-size, which
 * `npm start` sets) could not hold two copies of that beside the headroom, since a reload
 * builds the new index beside the old one. `lowered` says the heap decided it.
 */
export function indexCeiling(configuredBytes: number, heapLimitBytes: number): { bytes: number; lowered: boolean } {
  const fits = Math.max(0, Math.floor((heapLimitBytes - HEAP_HEADROOM_BYTES) / 2));
  return fits < configuredBytes ? { bytes: fits, lowered: true } : { bytes: configuredBytes, lowered: false };
}
