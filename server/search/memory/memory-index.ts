/*
 * The active ads' search tokens held in memory: an inverted index (each token's ads) and each
 * ad's own tokens, so that a search is a few array walks in this process instead of several
 * statements in the database. The database stays the truth: search-index.ts loads this from
 * it, keeps it up to date from its change notes (migration 1000), and the page's listings are
 * still read from it by id.
 *
 * Every ad version has a slot, numbered in the order they were added. An ad that changes gets
 * a new slot and its old one is marked dead, so a token's list of slots only ever grows at
 * its end and stays sorted. Slots were added in date order at load, and nearly so since
 * (an ad is added when its transaction commits, and one that is edited keeps its date), so a
 * newest-first search walks slots from the last one back and stops when no slot before can be
 * newer than the matches it holds (`newestUpTo`).
 */

import { kesKey } from '../price-key.ts';
import { AdIds, idText } from './ad-ids.ts';
import { PostingLists, type SlotList } from './posting-lists.ts';
import { CHECK_EVERY, Slicer, sortSliced } from './slices.ts';
import { Vocabulary } from './vocabulary.ts';

/** An active ad as the index holds it: what a search tests and orders by. */
export type IndexedAd = {
  id: string;
  /** created_at, µs (PostgreSQL's precision: two ads a millisecond apart keep their order). */
  created: number;
  /** featured_until, µs, or null. */
  featuredUntil: number | null;
  price: number | null;
  currency: string;
  /** lower(location) */
  location: string;
  /**
   * search_tokens (migration 0700) joined by TOKEN_BREAK, but a category's token that holds it:
   * looked up where they lie, with no array of strings per ad (vocabulary.ts).
   */
  joinedTokens: string;
  /** Its other tokens: a category's that holds TOKEN_BREAK, and the index's own for a county, a town and Others (index-terms.ts). */
  tokens: string[];
  /** search_title_words(title) (migration 0990). */
  titleWords: string[];
};

/**
 * What separates IndexedAd.joinedTokens: ASCII punctuation, which splits words (migration 0700's
 * search_words), so no word, location word, price band or title token holds it; only a
 * category's token (any text after 'c:') can. The ads' stored lines are written with it
 * (migration 2400's listing_index_line): a change here is a new migration there.
 */
export const TOKEN_BREAK = '|';

/** How many tokens an IndexedAd has, counting repeats. */
export function tokenCount(ad: Pick<IndexedAd, 'joinedTokens' | 'tokens'>): number {
  let n = ad.tokens.length;
  if (ad.joinedTokens === '') return n;
  n++;
  for (let at = ad.joinedTokens.indexOf(TOKEN_BREAK); at !== -1; at = ad.joinedTokens.indexOf(TOKEN_BREAK, at + 1)) n++;
  return n;
}

/** Orders a search can ask for (search-query.ts SORTS). */
export type IndexOrder = 'newest' | 'best' | 'price_asc' | 'price_desc';

/**
 * A search, compiled to what the index can test (index-terms.ts), beside its token conditions
 * (each "the ad has one of these tokens"):
 * - `titleOf`: for Best match, the conditions (by their place) every one of which the
 *   title must meet on its own words;
 * - `test`: the rest, on an ad's columns (a location of several words, a price range).
 */
export type IndexQuery = {
  titleOf: number[];
  /**
   * Best match whose title test the index can only narrow (a word with punctuation inside:
   * index-terms.ts): every match in date order, each flagged by `group` 0 when its title may
   * have every word (meets `titleOf`), 1 when it surely has not; the database tests the 0s.
   */
  titlesMaybe?: boolean;
  test: ((index: MemoryIndex, slot: number) => boolean) | null;
  order: IndexOrder;
  /** With a price range (of values in Ksh): only prices in it can match, so price orders walk that stretch only. */
  priceRange: { min: number; max: number } | null;
};

export type IndexHit = { readonly id: string; readonly featuredUntil: number | null; readonly group: number };

/**
 * A hit whose id is written only when read: a search finds up to its count window (hundreds of
 * ads, twice that for forgiving words) to count them, and a page reads two dozen ids. Writing
 * every id was a fifth of the index's CPU, most of it the collector's (a string and a dozen
 * pieces of it per hit). The id's words are a copy (AdIds.copy), so a compaction between the
 * search and the read cannot change it. `id` is a getter: copy a hit by naming its fields,
 * never with a spread.
 */
class SlotHit implements IndexHit {
  readonly #words: Uint32Array;
  readonly #at: number;
  #id: string | undefined;
  constructor(words: Uint32Array, at: number, readonly featuredUntil: number | null, readonly group: number) {
    this.#words = words;
    this.#at = at;
  }
  get id(): string {
    return (this.#id ??= idText(this.#words, this.#at));
  }
}

/** Slots added since the price orders were last merged, tested one by one until there are this many. */
const PRICE_TAIL = 4_096;
/**
 * A token in at least one ad in BITMAP_SHARE has a bit per slot instead of a list: a list is
 * intersected with it by testing each slot's bit, walks and unions read its set bits, and its
 * list goes (PostingLists.unlist; a bitmap is smaller than the list from this share on: at 1M ads,
 * 234 such tokens held 18.5 of the 30 million list entries, 74 MB). One whose token fell below
 * half that share is listed again. docs/decisions/common-tokens-as-bitmaps.md.
 */
const BITMAP_SHARE = 32;
const BITMAP_AT_LEAST = 4_096;


/**
 * The ads with a price (its value in Ksh) in a range: how many (a binary search of the price order tells),
 * whether a slot is one (its price), and, only when asked, their slots in order (a sort).
 */
type PriceRangeSlots = { length: number; has(slot: number): boolean; slots(lane: ScratchLane): { slots: Int32Array; length: number } };

/** Which of the two reused match lists a search writes into (MemoryIndex.scratchFor). */
type ScratchLane = 0 | 1;
/** Match lists up to this many slots (1 MB) are kept for the next search; longer ones are not. */
const SCRATCH_KEPT = 1 << 18;

/**
 * Slots to walk from the end: a list's, a bitmap's set bits, or every slot (both null); `length`
 * of them, and how many of them at most before giving up.
 */
type Walk = { slots: Int32Array | null; bitmap: Uint32Array | null; length: number; budget: number };

/** A walk's slots, last first; next() gives -1 past the first. */
class Backwards {
  private at: number;
  private bits = 0;
  constructor(private readonly walk: Walk) {
    this.at = walk.bitmap ? walk.bitmap.length : walk.length;
  }
  next(): number {
    const { slots, bitmap } = this.walk;
    if (bitmap) {
      while (this.bits === 0) {
        if (--this.at < 0) return -1;
        this.bits = bitmap[this.at]!;
      }
      const high = 31 - Math.clz32(this.bits);
      this.bits ^= 1 << high;
      return (this.at << 5) + high;
    }
    if (--this.at < 0) return -1;
    return slots ? slots[this.at]! : this.at;
  }
}

/**
 * V8 refuses a Map past 2^24 (16,777,216) entries with a RangeError mid-load. The index's maps
 * (ads by id, tokens, trigrams, interned values) stop short of that with an error that says
 * why, and the process answers searches from the database (search-index.ts).
 */
export const MAP_ENTRIES_LIMIT = 16_000_000;
/** Tokens that are not an ad's words: location words, title shorts, categories, price bands and the index's own. */
const NOT_A_WORD = /^([tcplf]:|\0)/;
/** wordsAtEdge's lists kept at most, and their token numbers in all (a list of one letter's words can be a tenth of them). */
const EDGE_WORDS_KEPT = 256;
const EDGE_WORDS_HELD = 1_000_000;
/** Ad versions (slots): typed arrays indexed by slot, four id words each, stay far below V8's 2^32 elements. */
const MAX_SLOTS = 2 ** 28;

/** The index cannot grow (a map's limit, or the configured memory ceiling): the database must answer. */
export class IndexFullError extends Error {}

function checkRoom(map: Map<unknown, unknown>, what: string) {
  if (map.size >= MAP_ENTRIES_LIMIT) {
    throw new IndexFullError(`the search index holds ${map.size.toLocaleString('en')} ${what}, the most it can (a JavaScript Map stops near 16.7 million)`);
  }
}

const TWO_32 = 4_294_967_296;

/**
 * An ad's share of the index's checksum, as search-index.ts's ACTIVE_CHECKSUM computes it in
 * SQL: the id's last 32 bits, and created_at, featured_until (µs) and the price, each modulo
 * 2^32, added modulo 2^32. Cheap, exact in both languages, and it changes with any of the
 * columns the index orders or filters by that a write without a change note could alter.
 */
export function adChecksum(ad: Pick<IndexedAd, 'id' | 'created' | 'featuredUntil' | 'price'>): number {
  const idBits = Number.parseInt(ad.id.slice(-8), 16);
  const featured = ad.featuredUntil === null ? 0 : ad.featuredUntil % TWO_32;
  const price = ad.price === null ? 0 : ad.price % TWO_32;
  return (idBits + (ad.created % TWO_32) + featured + price) % TWO_32;
}

/** Slots per block of MemoryIndex.newestUpTo. */
const NEWEST_BLOCK = 64;
const blocksFor = (slots: number) => Math.ceil(slots / NEWEST_BLOCK) + 1;

/** Numbers copied between two looks at the clock when a large list is copied (a few ms). */
const COPY_PIECE = 1 << 19;

/** A slot's token numbered below WIDE is one 16-bit unit; any other is WIDE, then its number's high and low halves. */
const WIDE = 0xffff;

const int32s = (n: number) => new Int32Array(n);

class Growable<T extends Int32Array | Uint16Array = Int32Array> {
  data: T;
  length = 0;
  constructor(
    capacity = 4,
    private readonly make: (n: number) => T = int32s as (n: number) => T,
  ) {
    this.data = make(capacity);
  }
  push(value: number) {
    if (this.length === this.data.length) this.reserve(this.data.length * 2);
    this.data[this.length++] = value;
  }
  /** Room for `capacity` values, made at once (no doubling copies later). */
  reserve(capacity: number) {
    if (this.data.length >= capacity) return;
    const next = this.make(capacity);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  /** Room for `capacity` values, copied a piece at a time (reserve's copy, in slices). Nothing may be pushed meanwhile. */
  async reserveSliced(capacity: number, slicer: Slicer) {
    if (this.data.length < capacity) await this.moveSliced(capacity, slicer);
  }

  private async moveSliced(capacity: number, slicer: Slicer) {
    const next = this.make(capacity);
    for (let from = 0; from < this.length; from += COPY_PIECE) {
      next.set(this.data.subarray(from, Math.min(this.length, from + COPY_PIECE)), from);
      await slicer.maybePause();
    }
    this.data = next;
  }
}

/** `array` with room for `capacity` values, copied COPY_PIECE at a time between looks at the clock. */
async function grownSliced<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(array: T, capacity: number, slicer: Slicer): Promise<T> {
  if (array.length >= capacity) return array;
  const next = new (array.constructor as new (n: number) => T)(capacity);
  for (let from = 0; from < array.length; from += COPY_PIECE) {
    next.set(array.subarray(from, Math.min(array.length, from + COPY_PIECE)), from);
    await slicer.maybePause();
  }
  return next;
}

function growDoubling<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(array: T, capacity: number): T {
  return growExactly(array, Math.max(capacity, array.length * 2), array.length >= capacity);
}
function growExactly<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(array: T, capacity: number, enough = array.length >= capacity): T {
  if (enough) return array;
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

export class MemoryIndex {
  /** Slots used. */
  size = 0;
  /** Live ads. */
  live = 0;
  /** Each slot's ad id, and the live slot of each id. */
  private readonly ids = new AdIds();
  created = new Float64Array(1024);
  /**
   * The newest created (µs) over the slots up to the end of each block of NEWEST_BLOCK: no slot
   * before that end is newer. One per block rather than per slot (8 MB at 1M ads): a walk only
   * stops a few slots later than it could.
   */
  private newestUpTo = new Float64Array(1024 / NEWEST_BLOCK);
  featured = new Float64Array(1024);
  price = new Float64Array(1024);
  currency = new Int32Array(1024);
  location = new Int32Array(1024);
  alive = new Uint8Array(1024);
  private tokStart = new Int32Array(1024);
  private tokCount = new Int32Array(1024);
  /**
   * A slot's title words are a run of its own tokens: those that are in its tokens moved to the
   * end of them, then any that are not (there were none in 1M seeded ads). A list of its own
   * held them again: 20 MB at 1,000,000 ads, of the 600 MB a process may take.
   */
  private titleStart = new Int32Array(1024);
  private titleCount = new Int32Array(1024);
  /**
   * Every slot's tokens, each in 16-bit units (WIDE): tokStart, tokCount, titleStart and
   * titleCount count units. 32-bit numbers took 106 MB at 1,000,000 ads, of the 600 MB a process
   * may hold; 16-bit units 54 MB, as 0.6% of the tokens an ad holds are numbered past WIDE.
   */
  private docTokens = new Growable<Uint16Array>(1 << 16, (n) => new Uint16Array(n));
  /** Scratch per ad added: its tokens, then its title's run (titleRun), before they are written to docTokens. */
  private adTokens = new Growable(256);

  /** Token text ↔ token number, and each token's slots (ascending). */
  private vocabulary = new Vocabulary(IndexFullError);
  private get tokens(): readonly string[] {
    return this.vocabulary.texts;
  }
  private postings = new PostingLists();
  /** The bitmaps of the commonest tokens (BITMAP_SHARE), by token; checked every PRICE_TAIL ads added. */
  private bitmaps: (Uint32Array | undefined)[] = [];
  private bitmapsAt = -1;
  /** Three-letter pieces of the words (and location words) → the tokens holding them, to find the words containing a part. */
  private trigrams = new Map<string, number>();
  /** Each trigram's tokens, ascending (a token is numbered when first seen, so each list only grows at its end). */
  private trigramTokens = new PostingLists();
  /**
   * The words (not location words, nor prefixed or own tokens) by their first two characters:
   * a suggestion's candidates (issue 42, docs/decisions/search-suggestions.md). Buckets rather
   * than one sorted vocabulary: a new word is one push, and no sort of a million words ever
   * holds the event loop.
   */
  private byFirstTwo = new Map<string, Growable>();
  /** wordsAtEdge's lists for parts of one or two characters, and how far into the tokens each has looked. */
  private edgeWords = new Map<string, { ids: number[]; upTo: number }>();
  private edgeWordsHeld = 0;

  /** Strings many ads share (locations, currencies), each kept once. */
  readonly values = new Interned();
  /** Slots of ads with a featured_until (ascending): those still featured are found by intersecting it with the matches. */
  private featuredList = new Growable();
  /** When the featured list was last pruned (µs). */
  private featuredPrunedAt = 0;

  /** Slots in each price order, as last merged (slots from `priceSorted` on are the tail). */
  private byPriceAsc: Int32Array = new Int32Array(0);
  private byPriceDesc: Int32Array = new Int32Array(0);
  private priceSorted = 0;
  /** Each slot's place in those orders. */
  private rankAsc: Int32Array = new Int32Array(0);
  private rankDesc: Int32Array = new Int32Array(0);

  /** Scratch per search: each token's bits, one per condition it is in (at most 32 conditions: index-terms.ts). */
  private marks = new Uint32Array(1024);
  /** Scratch per ad added: each token's last stamp, to take each token of an ad once (appendOnce). */
  private addStamps = new Uint32Array(1024);
  private addStamp = 0;

  /**
   * Appends the ad's tokens to `into`, each once (an ad repeats its words), and says how many:
   * a token whose stamp is this call's was seen. No Set per ad: a load adds a million.
   */
  private appendOnce(ad: IndexedAd, into: Growable): number {
    const stamp = this.nextAddStamp();
    const start = into.length;
    const joined = ad.joinedTokens;
    for (let from = 0; from < joined.length; ) {
      let to = joined.indexOf(TOKEN_BREAK, from);
      if (to === -1) to = joined.length;
      if (to > from) this.appendStamped(this.tokenIn(joined, from, to), stamp, into);
      from = to + 1;
    }
    for (const text of ad.tokens) this.appendStamped(this.token(text), stamp, into);
    return into.length - start;
  }
  private appendStamped(token: number, stamp: number, into: Growable) {
    if (this.addStamps[token] === stamp) return;
    this.addStamps[token] = stamp;
    into.push(token);
  }
  private nextAddStamp(): number {
    if (++this.addStamp === 0xffffffff) {
      this.addStamps.fill(0);
      this.addStamp = 1;
    }
    return this.addStamp;
  }

  /**
   * Makes the title's words a run of the slot's tokens, which end the token list: those among
   * the `count` tokens from `start` are moved to their end, and any others are appended after
   * them (never to the tokens a search tests, nor to the posting lists). Returns where the run
   * starts; it ends at the end of the list.
   */
  private titleRun(words: string[], start: number, count: number): number {
    const stamp = this.nextAddStamp();
    let distinct = 0;
    for (const word of words) {
      const token = this.token(word);
      if (this.addStamps[token] === stamp) continue;
      this.addStamps[token] = stamp;
      distinct++;
    }
    const tokens = this.adTokens.data;
    let runStart = start + count;
    for (let i = runStart - 1; i >= start; i--) {
      const token = tokens[i]!;
      if (this.addStamps[token] !== stamp) continue;
      // Everything from runStart on is a title word; the one it gives up was already looked at.
      runStart--;
      tokens[i] = tokens[runStart]!;
      tokens[runStart] = token;
      this.addStamps[token] = 0;
    }
    // Title words still stamped are not among the tokens: each once, after them.
    if (start + count - runStart === distinct) return runStart;
    for (const word of words) {
      const token = this.token(word);
      if (this.addStamps[token] !== stamp) continue;
      this.addStamps[token] = 0;
      this.adTokens.push(token);
    }
    return runStart;
  }

  /** The live ads' adChecksum, added modulo 2^32: the self-check compares it with the database's (search-index.ts). */
  checksum = 0;
  /** Each slot's adChecksum (below 2^32). */
  private slotChecksum = new Uint32Array(1024);

  /** Adds an ad the index does not hold: a load reads each id once, and looking each up first was a tenth of its time. */
  addNew(ad: IndexedAd) {
    this.add(ad);
  }

  /** Adds an ad, or its new version (the old one's slot dies); null removes it. */
  put(id: string, ad: IndexedAd | null) {
    const old = this.ids.slotOf(id);
    if (old >= 0) {
      this.alive[old] = 0;
      this.ids.unbind(old);
      this.live--;
      this.checksum = (this.checksum - this.slotChecksum[old]! + TWO_32) % TWO_32;
    }
    if (ad) this.add(ad);
  }

  /**
   * The bytes the index holds, counted from its arrays and estimated for its maps and strings
   * (V8's costs on 64-bit: a Map entry about 40 bytes with its table, a short string 16 bytes
   * and its characters, an array slot 8): what SEARCH_INDEX_MAX_MB is compared with.
   */
  bytes(): number {
    let n = 0;
    const typed = [this.created, this.newestUpTo, this.featured, this.price, this.currency, this.location, this.alive, this.tokStart, this.tokCount, this.titleStart, this.titleCount,
      this.docTokens.data, this.featuredList.data, this.byPriceAsc, this.byPriceDesc, this.rankAsc, this.rankDesc, this.marks, this.addStamps, this.bits, this.stamps, this.slotChecksum];
    for (const a of typed) n += a.byteLength;
    n += this.postings.bytes();
    for (const b of this.bitmaps) n += b ? b.byteLength : 8;
    n += this.ids.bytes();
    n += this.vocabulary.bytes();
    n += this.trigrams.size * (40 + 16 + 3) + this.trigramTokens.bytes();
    for (const b of this.byFirstTwo.values()) n += b.data.byteLength + 40 + 48;
    return n;
  }

  /** Slots no longer live, as a share of all: a reload compacts them (search-index.ts). */
  deadShare(): number {
    return this.size === 0 ? 0 : 1 - this.live / this.size;
  }

  private add(ad: IndexedAd) {
    if (this.size >= MAX_SLOTS) throw new IndexFullError(`the search index holds ${this.size.toLocaleString('en')} ad versions, the most it can`);
    const slot = this.size++;
    this.ensure(this.size);
    const sum = adChecksum(ad);
    this.slotChecksum[slot] = sum;
    this.checksum = (this.checksum + sum) % TWO_32;
    this.ids.set(slot, ad.id);
    this.created[slot] = ad.created;
    this.noteNewest(slot);
    this.featured[slot] = ad.featuredUntil ?? NaN;
    // Its value in Ksh (price-key.ts): price orders and ranges compare every currency by it.
    this.price[slot] = kesKey(ad.price, ad.currency) ?? NaN;
    this.currency[slot] = this.values.id(ad.currency);
    this.location[slot] = this.values.id(ad.location);
    this.alive[slot] = 1;
    const scratch = this.adTokens;
    scratch.length = 0;
    const count = this.appendOnce(ad, scratch);
    for (let i = 0; i < count; i++) {
      const token = scratch.data[i]!;
      // A token with a bitmap keeps its slots there, not in a list too.
      const bitmap = this.bitmaps[token];
      if (bitmap) {
        this.postings.countOne(token);
        this.setBit(token, bitmap, slot);
      } else this.postings.push(token, slot);
    }
    const titleFrom = this.titleRun(ad.titleWords, 0, count);
    this.writeTokens(slot, count, titleFrom);
    if (ad.featuredUntil !== null) this.featuredList.push(slot);
    this.ids.bind(slot);
    this.live++;
  }

  /**
   * Writes the slot's tokens from adTokens to docTokens in units: the first `count` are its
   * tokens, those from `titleFrom` to the end its title's run (titleRun).
   */
  private writeTokens(slot: number, count: number, titleFrom: number) {
    const scratch = this.adTokens;
    const units = this.docTokens;
    const most = units.length + scratch.length * 3;
    if (most > units.data.length) units.reserve(Math.max(most, units.data.length * 2));
    const data = units.data;
    let at = units.length;
    this.tokStart[slot] = at;
    for (let i = 0; i < scratch.length; i++) {
      if (i === count) this.tokCount[slot] = at - this.tokStart[slot]!;
      if (i === titleFrom) this.titleStart[slot] = at;
      const token = scratch.data[i]!;
      if (token < WIDE) data[at++] = token;
      else {
        data[at++] = WIDE;
        data[at++] = token >>> 16;
        data[at++] = token & 0xffff;
      }
    }
    if (count === scratch.length) this.tokCount[slot] = at - this.tokStart[slot]!;
    if (titleFrom === scratch.length) this.titleStart[slot] = at;
    this.titleCount[slot] = at - this.titleStart[slot]!;
    units.length = at;
  }

  /**
   * Makes room for a load of about `ads` ads of about `tokensPerAd` tokens each (their title
   * words are among them), before it starts. Growing by doubling as ads come instead copies each array
   * several times, the list of every slot's tokens last of all at 64 MB (1M ads), a copy that
   * held the event loop for hundreds of milliseconds; and a list cut to size after a load, as
   * long. A guess short of the truth only means the last doubling comes back.
   */
  async reserve(ads: number, tokensPerAd: number, slicer: Slicer) {
    // One array a slice: V8 answers a large allocation with a collection ("external memory
    // pressure"), and on a slow machine the twelve columns at once held the event loop 50 ms.
    for (const _ of this.growColumns(ads, true)) await slicer.pause();
    for (const _ of this.ids.reserve(ads)) await slicer.pause();
    // The ids' table and the token list (90 MB at 1M ads) each draw a collection: apart, not in one slice.
    await slicer.pause();
    this.docTokens.reserve(Math.ceil(ads * tokensPerAd));
  }

  /**
   * Before a load adds its next `next` ads: when the list of every slot's tokens may not hold
   * them, room for `rest` more ads (the load's remaining ads), at the units an ad took so far,
   * copied in slices. reserve() counts tokens, but a token numbered past 65,534 takes three
   * units, and such tokens come later in a load: its guess fell short at 1M ads, and the doubling
   * in writeTokens then copied 60 MB at once (60-65 ms of the event loop on a slow machine).
   */
  async roomForMore(next: number, rest: number, slicer: Slicer) {
    const units = this.docTokens;
    if (this.size === 0) return;
    const perAd = units.length / this.size;
    // Twice the rate so far for the next ads: the later ads of a load take more units than the earlier.
    if (units.length + next * perAd * 2 <= units.data.length) return;
    await units.reserveSliced(Math.ceil(units.length + Math.max(next * 2, rest * 1.1) * perAd), slicer);
  }

  /**
   * Before a catch-up adds up to `ads` ads (each new version of an ad takes a new slot): room for
   * them in the per-slot columns, the ids and the list of every slot's tokens, made a quarter
   * larger than now at least and copied in slices. Without it the first ad past the room grew
   * them all at once, doubling: at 1M ads (room for about 60,000 more after a load) some 120 MB
   * allocated and 60 MB copied in one step, a few hundred ms of the event loop on a machine where
   * the first touch of a page costs 12 µs.
   */
  async roomForChanges(ads: number, slicer: Slicer) {
    const slots = this.size + ads;
    if (this.created.length < slots) {
      const capacity = Math.max(slots, this.created.length + (this.created.length >> 2));
      for (const [name, array] of this.columns()) this[name] = (await grownSliced(array, capacity, slicer)) as never;
      this.newestUpTo = growExactly(this.newestUpTo, blocksFor(capacity));
    }
    for (const _ of this.ids.roomFor(slots, COPY_PIECE)) await slicer.maybePause();
    await this.roomForMore(ads, Math.max(ads, this.size >> 2), slicer);
  }

  /** The per-slot columns, by name (roomForChanges). */
  private columns() {
    return (['created', 'featured', 'price', 'currency', 'location', 'alive', 'tokStart', 'tokCount', 'titleStart', 'titleCount', 'slotChecksum'] as const).map((name) => [name, this[name]] as const);
  }

  /** The per-slot columns' room, in slots, and the ids' (tests). */
  slotRoom(): { columns: number; ids: number } {
    return { columns: Math.min(...this.columns().map(([, array]) => array.length)), ids: this.ids.room() };
  }

  /** The list of every slot's tokens: units written and units it has room for (tests). */
  tokenUnits(): { used: number; room: number } {
    return { used: this.docTokens.length, room: this.docTokens.data.length };
  }

  /** Called for every ad added: no generator made unless the columns must grow. */
  private ensure(capacity: number, exactly = false) {
    if (this.created.length < capacity) for (const _ of this.growColumns(capacity, exactly));
  }

  /** Grows the per-slot columns to `capacity` slots, yielding after each array. */
  private *growColumns(capacity: number, exactly: boolean): Generator<void> {
    if (this.created.length >= capacity) return;
    const grow = exactly ? growExactly : growDoubling;
    this.created = grow(this.created, capacity);
    this.newestUpTo = growExactly(this.newestUpTo, blocksFor(this.created.length));
    yield;
    this.featured = grow(this.featured, capacity);
    yield;
    this.price = grow(this.price, capacity);
    yield;
    this.currency = grow(this.currency, capacity);
    this.location = grow(this.location, capacity);
    this.alive = grow(this.alive, capacity);
    yield;
    this.tokStart = grow(this.tokStart, capacity);
    yield;
    this.tokCount = grow(this.tokCount, capacity);
    this.titleStart = grow(this.titleStart, capacity);
    yield;
    this.titleCount = grow(this.titleCount, capacity);
    this.slotChecksum = grow(this.slotChecksum, capacity);
  }

  /**
   * Cuts the per-slot columns down to `capacity` slots (after a load, which grew them by doubling,
   * and a compaction), a slice after each large one: four at once (25 MB at 1M ads) held the event
   * loop about 45 ms on a slow machine, as growColumns found for growing them.
   */
  private async cutColumns(capacity: number, slicer: Slicer) {
    const cut = <T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(array: T): T => (array.length > capacity ? (array.slice(0, capacity) as T) : array);
    this.created = cut(this.created);
    if (this.newestUpTo.length > blocksFor(this.created.length)) this.newestUpTo = this.newestUpTo.slice(0, blocksFor(this.created.length));
    await slicer.pause();
    this.featured = cut(this.featured);
    await slicer.pause();
    this.price = cut(this.price);
    await slicer.pause();
    this.slotChecksum = cut(this.slotChecksum);
    this.currency = cut(this.currency);
    this.location = cut(this.location);
    this.alive = cut(this.alive);
    await slicer.pause();
    this.ids.cut(capacity);
    await slicer.pause();
    this.tokStart = cut(this.tokStart);
    this.tokCount = cut(this.tokCount);
    await slicer.pause();
    this.titleStart = cut(this.titleStart);
    this.titleCount = cut(this.titleCount);
    await slicer.pause();
  }

  /** The token's number, numbered now if new. */
  private token(text: string): number {
    const known = this.vocabulary.size;
    const id = this.vocabulary.id(text);
    if (id === known) this.numbered(id, text);
    return id;
  }

  /** The number of the token `text.slice(from, to)`, numbered now if new. */
  private tokenIn(text: string, from: number, to: number): number {
    const known = this.vocabulary.size;
    const id = this.vocabulary.idIn(text, from, to);
    if (id === known) this.numbered(id, this.tokens[id]!);
    return id;
  }

  /** A token seen for the first time: its list of slots, its trigrams, its bucket of suggestions. */
  private numbered(id: number, text: string) {
    // Its list has the same number: both count from 0, one each per token.
    this.postings.add();
    if (id >= this.marks.length) this.marks = growDoubling(this.marks, id + 1);
    if (id >= this.addStamps.length) this.addStamps = growDoubling(this.addStamps, id + 1);
    // Words and location words can be asked for by a part (migration 0700's vocabulary does
    // the same); title and category tokens, price bands and the index's own (index-terms.ts) cannot.
    if (!/^([tcpf]:|\0)/.test(text)) {
      const word = text.startsWith('l:') ? text.slice(2) : text;
      for (const piece of new Set(trigramsOf(word))) {
        let list = this.trigrams.get(piece);
        if (list === undefined) {
          checkRoom(this.trigrams, 'three-letter pieces of words');
          this.trigrams.set(piece, (list = this.trigramTokens.add()));
        }
        this.trigramTokens.push(list, id);
      }
      if (word === text && text.length >= 2) {
        const key = text.slice(0, 2);
        let bucket = this.byFirstTwo.get(key);
        if (!bucket) this.byFirstTwo.set(key, (bucket = new Growable()));
        bucket.push(id);
      }
    }
  }

  /** The token's number, or -1 if no ad ever had it. */
  tokenId(text: string): number {
    return this.vocabulary.find(text);
  }

  /** The index's words (not location words, nor its own or prefixed tokens) of `min` to `max` characters, with their numbers: a correction's candidates (issue 42). */
  *wordsOfLength(min: number, max: number): Generator<[number, string]> {
    for (let id = 0; id < this.tokens.length; id++) {
      const text = this.tokens[id]!;
      if (text.length >= min && text.length <= max && !NOT_A_WORD.test(text)) yield [id, text];
    }
  }

  /**
   * The words of wordsOfLength(min, max) that hold one of `word`'s three-letter pieces or start
   * with its first two letters, each once: read through the trigrams' lists and the two-letter
   * buckets, not every word (a correction's candidates: corrections.ts says when these are all of them).
   */
  wordsSharingPieces(word: string, min: number, max: number): [number, string][] {
    const seen = new Set<number>();
    const out: [number, string][] = [];
    const take = (id: number) => {
      if (seen.has(id)) return;
      seen.add(id);
      const text = this.tokens[id]!;
      if (text.length >= min && text.length <= max && !NOT_A_WORD.test(text)) out.push([id, text]);
    };
    for (const piece of new Set(trigramsOf(word))) {
      const list = this.trigrams.get(piece);
      if (list === undefined) continue;
      const tokens = this.trigramTokens.list(list);
      for (let i = 0; i < tokens.length; i++) take(tokens.data[i]!);
    }
    const bucket = word.length >= 2 ? this.byFirstTwo.get(word.slice(0, 2)) : undefined;
    for (let i = 0; i < (bucket?.length ?? 0); i++) take(bucket!.data[i]!);
    return out;
  }

  /**
   * Each word starting with `prefix` (two characters or more, lower-case) with the length of its
   * list of ads, live and dead (the dead go at the next compaction): a suggestion's candidates
   * and a cheap guess at their frequency.
   */
  wordsStartingWith(prefix: string, visit: (id: number, text: string, ads: number) => void) {
    const bucket = prefix.length >= 2 ? this.byFirstTwo.get(prefix.slice(0, 2)) : undefined;
    if (!bucket) return;
    for (let i = 0; i < bucket.length; i++) {
      const id = bucket.data[i]!;
      const text = this.tokens[id]!;
      if (text.startsWith(prefix)) visit(id, text, this.postings.length(id));
    }
  }

  /** Live ads with the token, counted up to `cap`. */
  liveAds(id: number, cap: number): number {
    if (id < 0 || id >= this.postings.count) return 0;
    let n = 0;
    const bitmap = this.bitmaps[id];
    if (bitmap) {
      for (let w = 0; w < bitmap.length && n < cap; w++) {
        for (let x = bitmap[w]!; x !== 0 && n < cap; x &= x - 1) if (this.alive[(w << 5) + 31 - Math.clz32(x & -x)] === 1) n++;
      }
      return n;
    }
    const list = this.postings.list(id);
    for (let i = 0; i < list.length && n < cap; i++) if (this.alive[list.data[i]!] === 1) n++;
    return n;
  }

  /**
   * The tokens containing `part` (three characters or more): words, or with prefix 'l:' the
   * location words, as migration 0700's vocabulary answers `word LIKE '%part%'`.
   */
  tokensContaining(part: string, prefix: '' | 'l:'): number[] {
    let shortest: SlotList | undefined;
    for (const piece of new Set(trigramsOf(part))) {
      const list = this.trigrams.get(piece);
      if (list === undefined) return [];
      if (!shortest || this.trigramTokens.length(list) < shortest.length) shortest = this.trigramTokens.list(list);
    }
    const out: number[] = [];
    for (let i = 0; i < (shortest?.length ?? 0); i++) {
      const id = shortest!.data[i]!;
      const text = this.tokens[id]!;
      if (prefix ? text.startsWith('l:') && text.includes(part, 2) : !text.startsWith('l:') && text.includes(part)) out.push(id);
    }
    return out;
  }

  /**
   * The words (not location words, nor prefixed or own tokens) that start (`side` 'start') or
   * end with `part`: where a part of a word with punctuation inside must sit (index-terms.ts).
   * A part of three characters or more is looked up by its trigrams; a shorter one is looked for
   * in every word once, and later only in the words numbered since (tokens are never renumbered).
   */
  wordsAtEdge(part: string, side: 'start' | 'end'): number[] {
    const fits = (text: string) => (side === 'start' ? text.startsWith(part) : text.endsWith(part));
    if (part.length >= 3) return this.tokensContaining(part, '').filter((id) => fits(this.tokens[id]!) && !NOT_A_WORD.test(this.tokens[id]!));
    const key = `${side}\0${part}`;
    let found = this.edgeWords.get(key);
    if (!found) {
      // A bound on what a stream of odd searches can keep: the lists are cheap to find again.
      if (this.edgeWords.size >= EDGE_WORDS_KEPT || this.edgeWordsHeld >= EDGE_WORDS_HELD) {
        this.edgeWords.clear();
        this.edgeWordsHeld = 0;
      }
      found = { ids: [], upTo: 0 };
      this.edgeWords.set(key, found);
    }
    const had = found.ids.length;
    for (; found.upTo < this.tokens.length; found.upTo++) {
      const text = this.tokens[found.upTo]!;
      if (fits(text) && !NOT_A_WORD.test(text)) found.ids.push(found.upTo);
    }
    this.edgeWordsHeld += found.ids.length - had;
    return found.ids;
  }

  /**
   * The first `want` matches of the query in display order (all of them if fewer), exactly;
   * `now` (µs) says which featured ads are still featured.
   */
  search(query: IndexQuery, conditions: number[][], want: number, now: number): IndexHit[] {
    if (conditions.some((c) => c.length === 0)) return [];
    if (conditions.length > 32) throw new Error('At most 32 conditions');
    const marked: number[] = [];
    conditions.forEach((tokens, i) => {
      for (const t of tokens) {
        if (this.marks[t] === 0) marked.push(t);
        this.marks[t]! |= 1 << i;
      }
    });
    try {
      const { test } = query;
      const full = (conditions.length === 32 ? 0xffffffff : (1 << conditions.length) - 1) >>> 0;
      const accept = (slot: number) => this.alive[slot] === 1 && (test === null || test(this, slot));
      const acceptAll = (slot: number) => accept(slot) && this.meets(slot, full);
      switch (query.order) {
        case 'newest': {
          // A narrow price range is a list of its own (from the price order), intersected like a word.
          const inRange = this.priceRangeSlots(query.priceRange);
          const walk = inRange ? null : this.walkInstead(conditions, want, true);
          return (walk && this.newest(walk, conditions, acceptAll, want, now)) ?? this.newest({ ...this.matching(conditions, inRange), bitmap: null, budget: Infinity }, conditions, accept, want, now)!;
        }
        case 'best': {
          let titleMask = 0;
          for (const i of query.titleOf) titleMask |= 1 << i;
          const matches = this.matching(conditions, this.priceRangeSlots(query.priceRange));
          return query.titlesMaybe ? this.newestFlagged(matches, accept, titleMask >>> 0, want) : this.best(matches, accept, titleMask >>> 0, want);
        }
        default: {
          const walk = this.walkInstead(conditions, want, false);
          return (walk && this.byPrice(query, { slots: null, length: 0 }, acceptAll, want, walk.budget)) ?? this.byPrice(query, this.matching(conditions), accept, want)!;
        }
      }
    } finally {
      for (const t of marked) this.marks[t] = 0;
    }
  }

  /**
   * When matches are common, reading ads in display order and testing each finds the first
   * `want` sooner than finding every match: the slots to walk for that (`alongList`: those of
   * the one-token condition with the fewest, else every slot, as a price order walks them), or
   * null to find every match. How common is guessed as if the conditions were independent,
   * which errs towards finding every match (words that go together, "toyota corolla", are
   * commoner than that).
   */
  private walkInstead(conditions: number[][], want: number, alongList: boolean): Walk | null {
    if (conditions.length === 0) return { slots: null, bitmap: null, length: this.size, budget: Infinity };
    const n = Math.max(1, this.live);
    let share = 1;
    let fewest = Infinity;
    let along = -1;
    for (const tokens of conditions) {
      let size = 0;
      for (const t of tokens) size += this.postings.length(t);
      share *= Math.min(1, size / n);
      fewest = Math.min(fewest, size * (tokens.length === 1 ? 1 : 4));
      if (alongList && tokens.length === 1 && (along < 0 || size < this.postings.length(along))) along = tokens[0]!;
    }
    const walked = along >= 0 ? this.postings.length(along) : this.size;
    // Each ad walked is tested token by token: about as dear as reading twenty list entries.
    const read = Math.min(walked, (want * walked) / Math.max(share * n, 1e-9));
    if (read * 20 >= fewest) return null;
    // The guess can be far off (dear ads are seldom phones): past what finding every match costs, the walk gives up.
    const budget = Math.max(fewest / 20, 1000);
    if (along < 0) return { slots: null, bitmap: null, length: this.size, budget };
    const bitmap = this.bitmaps[along];
    return bitmap ? { slots: null, bitmap, length: walked, budget } : { slots: this.postings.list(along).data, bitmap: null, length: walked, budget };
  }

  /** Whether the slot's tokens meet every condition (each has a bit in `marks`). */
  private meets(slot: number, full: number): boolean {
    return full === 0 || marksOf(this.marks, this.docTokens.data, this.tokStart[slot]!, this.tokCount[slot]!) === full;
  }

  /** Whether the slot's title words meet every condition of `mask`. */
  private titleMeets(slot: number, mask: number): boolean {
    return mask === 0 || (marksOf(this.marks, this.docTokens.data, this.titleStart[slot]!, this.titleCount[slot]!) & mask) >>> 0 === mask;
  }

  /**
   * The slots meeting every token condition (and in `within`, if given), ascending (null: no
   * condition, every slot).
   * Conditions are taken fewest first: a one-token condition is a merge of two sorted lists
   * (galloping through the longer), a condition of several tokens asks those of its tokens
   * that have a bitmap by bit, and either stamps the others' slots or looks for them among each
   * slot's own tokens, whichever reads less. The slots are written into the lane's reused list
   * (scratchFor), or are a posting list itself when there is nothing to intersect: read them,
   * never write them, and not after the next search.
   */
  private matching(conditions: number[][], within?: SlotList | PriceRangeSlots | null, lane: ScratchLane = 0): { slots: Int32Array | null; length: number } {
    if (conditions.length === 0 && !within) return { slots: null, length: this.size };
    this.refreshBitmaps();
    type Step = { tokens: number[]; bit: number; size: number; list: SlotList | null; range: PriceRangeSlots | null };
    const sized: Step[] = conditions.map((tokens, bit) => ({ tokens, bit, size: tokens.reduce((n, t) => n + this.postings.length(t), 0), list: null, range: null }));
    if (within) sized.push({ tokens: [], bit: -1, size: within.length, list: 'data' in within ? within : null, range: 'has' in within ? within : null });
    sized.sort((a, b) => a.size - b.size);
    const first = sized[0]!;
    const firstMap = !first.list && first.tokens.length === 1 ? this.bitmaps[first.tokens[0]!] : undefined;
    const only = first.list ?? (first.tokens.length === 1 && !firstMap ? this.postings.list(first.tokens[0]!) : null);
    // One list and nothing to intersect it with: the list itself, read and never written.
    if (sized.length === 1 && only) return { slots: only.data, length: only.length };
    let slots: Int32Array;
    let length: number;
    if (first.range) {
      ({ slots, length } = first.range.slots(lane));
    } else if (firstMap) {
      slots = this.scratchFor(lane, first.size);
      length = bitmapSlots(firstMap, slots);
    } else if (only) {
      length = only.length;
      slots = this.scratchFor(lane, length);
      slots.set(only.data.subarray(0, length));
    } else {
      ({ slots, length } = this.union(first.tokens, lane));
    }
    for (const { tokens, bit, list: own, range } of sized.slice(1)) {
      if (length === 0) break;
      const bitmap = tokens.length === 1 ? this.bitmaps[tokens[0]!] : undefined;
      if (range || bitmap) {
        // A test per slot: its price, or its bit.
        let out = 0;
        for (let i = 0; i < length; i++) {
          const slot = slots[i]!;
          if (range ? range.has(slot) : slot >>> 5 < bitmap!.length && (bitmap![slot >>> 5]! & (1 << (slot & 31))) !== 0) slots[out++] = slot;
        }
        length = out;
      } else if (own || tokens.length === 1) {
        const list = own ?? this.postings.list(tokens[0]!);
        length = intersect(slots, length, list.data, list.length);
      } else {
        // Several tokens (a word's forms, the categories it names): a slot meets the condition
        // when any of them has it. Those with a bitmap are asked by bit; the others either
        // stamp their slots or are looked for among each slot's own tokens, whichever reads less.
        const maps: Uint32Array[] = [];
        const listed: number[] = [];
        let listedSize = 0;
        for (const t of tokens) {
          const map = this.bitmaps[t];
          if (map) maps.push(map);
          else {
            listed.push(t);
            listedSize += this.postings.length(t);
          }
        }
        const stamp = listed.length > 0 && length * 16 >= listedSize ? this.nextStamp() : 0;
        for (const t of stamp ? listed : []) {
          const list = this.postings.list(t);
          for (let i = 0; i < list.length; i++) this.stamps[list.data[i]!] = stamp;
        }
        let out = 0;
        for (let i = 0; i < length; i++) {
          const slot = slots[i]!;
          if (inAnyBitmap(maps, slot) || (stamp ? this.stamps[slot] === stamp : listed.length > 0 && this.hasAny(slot, 1 << bit))) slots[out++] = slot;
        }
        length = out;
      }
    }
    return { slots, length };
  }

  /** Gives the commonest tokens a bitmap, and drops those of tokens no longer common (BITMAP_SHARE). */
  private refreshBitmaps() {
    if (this.bitmapsAt >= 0 && this.size - this.bitmapsAt < PRICE_TAIL) return;
    this.bitmapsAt = this.size;
    for (const _ of this.bitmapWork()) {
      // Done at once: after a load (finishLoad) few tokens become common at a time.
    }
  }

  /** refreshBitmaps' work, pausing (a yield) every few thousand slots set or tokens looked at, so that a load can slice it. */
  private *bitmapWork(): Generator<void> {
    const common = Math.max(BITMAP_AT_LEAST, this.size / BITMAP_SHARE);
    let steps = 0;
    for (let token = 0; token < this.postings.count; token++) {
      const length = this.postings.length(token);
      const had = this.bitmaps[token];
      if (had) {
        if (length < common / 2) {
          // Listed again, with room to grow as a trimmed list has (PostingLists.trim).
          const slots = new Int32Array(length + (length >> 3) + 16);
          this.postings.relist(token, slots, bitmapSlots(had, slots));
          this.bitmaps[token] = undefined;
          steps += had.length;
        }
      } else if (length >= common) {
        // The bitmap holds the token's slots from now on: its list (a quarter of all the lists' entries at 1M ads) goes.
        const list = this.postings.list(token);
        const bitmap = new Uint32Array((this.size + 31) >>> 5);
        this.bitmaps[token] = bitmap;
        for (let i = 0; i < list.length; i++) this.setBit(token, bitmap, list.data[i]!);
        this.postings.unlist(token);
        steps += list.length;
      }
      if (++steps >= CHECK_EVERY * 16) {
        steps = 0;
        yield;
      }
    }
  }

  /** Each bitmap's slots renumbered (`to[slot]`, or -1: dropped) into a new one of `size` slots, and its token's length counted again; a yield every few thousand words. */
  private *renumberBitmaps(to: Int32Array, size: number): Generator<void> {
    let steps = 0;
    for (let token = 0; token < this.bitmaps.length; token++) {
      const old = this.bitmaps[token];
      if (!old) continue;
      const bitmap = new Uint32Array((size + 31) >>> 5);
      let n = 0;
      for (let w = 0; w < old.length; w++) {
        for (let x = old[w]!; x !== 0; x &= x - 1) {
          const slot = to[(w << 5) + 31 - Math.clz32(x & -x)]!;
          if (slot < 0) continue;
          bitmap[slot >>> 5]! |= 1 << (slot & 31);
          n++;
        }
      }
      this.bitmaps[token] = bitmap;
      this.postings.setLength(token, n);
      steps += old.length;
      if (steps >= CHECK_EVERY * 16) {
        steps = 0;
        yield;
      }
    }
  }

  private setBit(token: number, bitmap: Uint32Array, slot: number) {
    const word = slot >>> 5;
    if (word >= bitmap.length) {
      // An eighth more, not double: two hundred bitmaps doubled would hold 30 MB of room at 1M ads.
      const next = new Uint32Array(Math.max(word + 1, bitmap.length + (bitmap.length >> 3) + 64));
      next.set(bitmap);
      this.bitmaps[token] = bitmap = next;
    }
    bitmap[word]! |= 1 << (slot & 31);
  }

  /** The slots of any of several `tokens`, ascending, each once, in the lane's scratch list (scratchFor). */
  private union(tokens: number[], lane: ScratchLane): { slots: Int32Array; length: number } {
    // A bit per slot, then the set bits in order: no sort, and an ad in two lists counts once.
    const words = (this.size + 31) >>> 5;
    if (this.bits.length < words) this.bits = new Uint32Array(words * 2);
    const bits = this.bits;
    bits.fill(0, 0, words);
    for (const t of tokens) {
      const bitmap = this.bitmaps[t];
      if (bitmap) {
        for (let w = Math.min(words, bitmap.length) - 1; w >= 0; w--) bits[w]! |= bitmap[w]!;
        continue;
      }
      const list = this.postings.list(t);
      const data = list.data;
      for (let i = 0; i < list.length; i++) {
        const slot = data[i]!;
        bits[slot >>> 5]! |= 1 << (slot & 31);
      }
    }
    let count = 0;
    for (let w = 0; w < words; w++) {
      let x = bits[w]!;
      while (x !== 0) {
        x &= x - 1;
        count++;
      }
    }
    const slots = this.scratchFor(lane, count);
    return { slots, length: bitmapSlots(bits, slots, words) };
  }

  /**
   * A list of at least `n` slots for a search to write its matches into, reused from search to
   * search: a new typed array of a few hundred kilobytes a search was memory mapped, faulted in,
   * zeroed and later unmapped by the collector, which at 16 clients cost more than filling it.
   * Two lanes, because newest() matches the featured ads while its driver's list is in use. A
   * list longer than SCRATCH_KEPT is made for the one search, so that a rare huge one is not held.
   */
  private scratchFor(lane: ScratchLane, n: number): Int32Array {
    if (n > SCRATCH_KEPT) return new Int32Array(n);
    let list = this.scratch[lane]!;
    if (list.length < n) this.scratch[lane] = list = new Int32Array(Math.min(SCRATCH_KEPT, Math.max(n, list.length * 2)));
    return list;
  }

  private scratch = [new Int32Array(1024), new Int32Array(1024)];

  private bits = new Uint32Array(1024);
  private stamps = new Uint32Array(1024);
  private stamp = 0;
  private nextStamp(): number {
    if (this.stamps.length < this.size) this.stamps = new Uint32Array(Math.max(this.size, this.stamps.length * 2));
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Whether the slot has a token with one of `bits`. */
  private hasAny(slot: number, bits: number): boolean {
    const start = this.tokStart[slot]!;
    const end = start + this.tokCount[slot]!;
    const units = this.docTokens.data;
    for (let i = start; i < end; i++) {
      const unit = units[i]!;
      if ((this.marks[unit === WIDE ? (units[++i]! << 16) | units[++i]! : unit]! & bits) !== 0) return true;
    }
    return false;
  }

  private isNewer(a: number, b: number): boolean {
    const ca = this.created[a]!;
    const cb = this.created[b]!;
    return ca !== cb ? ca > cb : this.ids.compare(a, b) > 0;
  }

  /** Adds `slot` to `list` (newest first), keeping at most `limit`. */
  private keepNewest(list: number[], slot: number, limit: number) {
    if (list.length >= limit && !this.isNewer(slot, list[list.length - 1]!)) return;
    let i = list.length;
    list.push(slot);
    while (i > 0 && this.isNewer(slot, list[i - 1]!)) {
      list[i] = list[i - 1]!;
      i--;
    }
    list[i] = slot;
    if (list.length > limit) list.pop();
  }

  /** Takes the slot's created (set) into its block's newest (slots are noted in ascending order). */
  private noteNewest(slot: number) {
    const block = Math.floor(slot / NEWEST_BLOCK);
    const before = slot % NEWEST_BLOCK !== 0 ? this.newestUpTo[block]! : block === 0 ? -Infinity : this.newestUpTo[block - 1]!;
    this.newestUpTo[block] = Math.max(before, this.created[slot]!);
  }

  /** Whether no slot up to `slot` (walking back) can be newer than the last of `list` (which holds `limit`). */
  private settled(list: number[], limit: number, slot: number): boolean {
    // `slot` itself is not tested yet: it counts among those that could be newer.
    return list.length >= limit && this.created[list[limit - 1]!]! > this.newestUpTo[Math.floor(slot / NEWEST_BLOCK)]!;
  }

  /** The hits of `slots`, in that order, each in the group `groupOf` says. */
  private hits(slots: readonly number[], groupOf: (slot: number, i: number) => number): IndexHit[] {
    const words = this.ids.copy(slots);
    return slots.map((slot, i) => {
      const featured = this.featured[slot]!;
      // Dates are held in microseconds, as PostgreSQL orders them; hits give milliseconds.
      return new SlotHit(words, 4 * i, Number.isNaN(featured) ? null : Math.floor(featured / 1000), groupOf(slot, i));
    });
  }

  /** Newest first: featured ads (still featured at `now`) first, then the rest. */
  private newest(driver: Walk, conditions: number[][], accept: (slot: number) => boolean, want: number, now: number): IndexHit[] | null {
    const featured: number[] = [];
    this.pruneFeatured();
    const candidates = this.matching(conditions, this.featuredList, 1);
    for (let i = candidates.length - 1; i >= 0; i--) {
      const slot = candidates.slots![i]!;
      if (this.featured[slot]! > now && accept(slot)) this.keepNewest(featured, slot, want);
    }
    const rest: number[] = [];
    const limit = want - featured.length;
    if (limit > 0) {
      const walk = new Backwards(driver);
      for (let slot = walk.next(), walked = 0; slot >= 0; slot = walk.next()) {
        if (this.settled(rest, limit, slot)) break;
        if (walked++ > driver.budget) return null;
        if (this.featured[slot]! > now) continue;
        if (accept(slot)) this.keepNewest(rest, slot, limit);
      }
    }
    return this.hits([...featured, ...rest], (_, i) => (i < featured.length ? 0 : 1));
  }

  /**
   * Drops from the featured list, once a minute, the slots whose feature ended over an hour ago
   * by the clock: a week's paid features end every day, and one that ends never comes back
   * (featuring again is an update, so a new slot). The hour leaves a search asked "as of" a
   * moment just past (a test's `now`) its featured ads.
   */
  private pruneFeatured() {
    const clock = Date.now() * 1000;
    if (clock - this.featuredPrunedAt < 60_000_000) return;
    this.featuredPrunedAt = clock;
    const ended = clock - 3_600_000_000;
    const kept = new Growable();
    const list = this.featuredList;
    for (let i = 0; i < list.length; i++) {
      const slot = list.data[i]!;
      if (this.alive[slot] === 1 && this.featured[slot]! > ended) kept.push(slot);
    }
    this.featuredList = kept;
  }

  /** Best match: ads with every word in the title, newest first, then the others. */
  private best(driver: { slots: Int32Array | null; length: number }, accept: (slot: number) => boolean, titleMask: number, want: number): IndexHit[] {
    const titled: number[] = [];
    const others: number[] = [];
    const { slots, length } = driver;
    for (let i = length - 1; i >= 0; i--) {
      const slot = slots ? slots[i]! : i;
      if (this.settled(titled, want, slot)) break;
      if (!accept(slot)) continue;
      if (this.titleMeets(slot, titleMask)) this.keepNewest(titled, slot, want);
      else this.keepNewest(others, slot, want);
    }
    return this.hits([...titled, ...others.slice(0, want - titled.length)], (_, i) => (i < titled.length ? 0 : 1));
  }

  /** The `want` newest matches, group 0 where the title meets `titleMask`, else 1 (IndexQuery.titlesMaybe). */
  private newestFlagged(driver: { slots: Int32Array | null; length: number }, accept: (slot: number) => boolean, titleMask: number, want: number): IndexHit[] {
    const newest: number[] = [];
    const { slots, length } = driver;
    for (let i = length - 1; i >= 0; i--) {
      const slot = slots ? slots[i]! : i;
      if (this.settled(newest, want, slot)) break;
      if (accept(slot)) this.keepNewest(newest, slot, want);
    }
    return this.hits(newest, (s) => (this.titleMeets(s, titleMask) ? 0 : 1));
  }

  /** Price orders, as the database engine's (database-engine.ts): by value in Ksh whatever the currency, no price last; then newest. */
  private compare(desc: boolean): (a: number, b: number) => number {
    return (a, b) => {
      const pa = this.price[a]!;
      const pb = this.price[b]!;
      const na = Number.isNaN(pa);
      const nb = Number.isNaN(pb);
      if (na !== nb) return na ? 1 : -1;
      if (!na && pa !== pb) return desc ? pb - pa : pa - pb;
      return this.isNewer(a, b) ? -1 : this.isNewer(b, a) ? 1 : 0;
    };
  }

  private byPrice(query: IndexQuery, matches: { slots: Int32Array | null; length: number }, accept: (slot: number) => boolean, want: number, budget = Infinity): IndexHit[] | null {
    const desc = query.order === 'price_desc';
    const compare = this.compare(desc);
    this.schedulePriceMerge();
    const order = desc ? this.byPriceDesc : this.byPriceAsc;
    const found: number[] = [];
    if (matches.slots) {
      // The matches are known: the `want` first in price order, by their place in the merged order.
      const rank = desc ? this.rankDesc : this.rankAsc;
      const best = new TopRanks(want);
      for (let i = 0; i < matches.length; i++) {
        const slot = matches.slots[i]!;
        if (!accept(slot)) continue;
        if (slot < this.priceSorted) best.add(rank[slot]!);
        else found.push(slot);
      }
      for (const r of best.sorted()) found.push(order[r]!);
    } else {
      // No token condition (a price range, nothing) or common ones: walk every ad in price
      // order and stop at `want` matches. With a price range, only its stretch of prices.
      let from = 0;
      let to = order.length;
      if (query.priceRange) {
        const { min, max } = query.priceRange;
        to = this.kesEnd(order);
        from = this.lowerBound(order, 0, to, desc ? max : min, desc);
      }
      for (let i = from, n = 0; i < to && n < want; i++) {
        if (i - from > budget) return null;
        const slot = order[i]!;
        if (query.priceRange) {
          const p = this.price[slot]!;
          if (desc ? p < query.priceRange.min : p > query.priceRange.max) break;
        }
        if (accept(slot)) {
          found.push(slot);
          n++;
        }
      }
      for (let slot = this.priceSorted; slot < this.size; slot++) if (accept(slot)) found.push(slot);
    }
    // The slots added since the last merge are among them: sort all (few) together.
    return this.hits(found.sort(compare).slice(0, want), () => 0);
  }

  /**
   * The ads with a KES price in `range`, when they are fewer than an eighth of the ads (a binary
   * search of the price order tells how many); null otherwise, or without a range. Their slots
   * are listed (and sorted) only if the range is the narrowest condition; else each match's
   * price is tested.
   */
  private priceRangeSlots(range: IndexQuery['priceRange']): PriceRangeSlots | null {
    if (!range) return null;
    this.schedulePriceMerge();
    const order = this.byPriceAsc;
    const kesEnd = this.kesEnd(order);
    const from = this.lowerBound(order, 0, kesEnd, range.min, false);
    const to = this.lowerBound(order, from, kesEnd, range.max === Infinity ? Infinity : range.max + 1, false);
    if (to - from > this.live / 8) return null;
    const has = (slot: number) => {
      const p = this.price[slot]!;
      return p >= range.min && p <= range.max;
    };
    return {
      // The ads added since the last merge are not in the order: counted as if all were in range.
      length: to - from + (this.size - this.priceSorted),
      has,
      slots: (lane) => {
        const tail: number[] = [];
        for (let slot = this.priceSorted; slot < this.size; slot++) if (has(slot)) tail.push(slot);
        const length = to - from + tail.length;
        const slots = this.scratchFor(lane, length);
        slots.set(order.subarray(from, to));
        slots.set(tail, to - from);
        slots.subarray(0, length).sort();
        return { slots, length };
      },
    };
  }

  /** Where prices end in a price order (negotiable ads follow). */
  private kesEnd(order: Int32Array): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const slot = order[mid]!;
      if (!Number.isNaN(this.price[slot]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first place in order[from..to) (priced ads, by value in Ksh) at or past `price`. */
  private lowerBound(order: Int32Array, from: number, to: number, price: number, desc: boolean): number {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = this.price[order[mid]!]!;
      if (desc ? p > price : p < price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The price merge running in slices, if any: searches meanwhile use the last orders and test the slots added since one by one. */
  private priceMerge: Promise<void> | null = null;

  /** Starts a merge of the slots added since the last one into the price orders once there are PRICE_TAIL of them; the search that starts it does not wait. */
  private schedulePriceMerge() {
    if (this.priceMerge || this.compacting || this.size - this.priceSorted < PRICE_TAIL) return;
    // A merge that failed leaves the last orders in place, which stay right (the tail is tested one by one); the next search tries again.
    this.priceMerge = this.mergePrices()
      .catch(() => undefined)
      .finally(() => {
        this.priceMerge = null;
      });
  }

  /**
   * Brings the price orders up to date with the slots added since the last merge: the new ones
   * sorted, then merged in, the dead left out, all in slices (at 1M ads one merge is a few tens of
   * ms, a whole sort after a load seconds). The orders are swapped only once complete, so a search
   * between two slices sees the last ones and the slots added since as the tail.
   */
  async mergePrices(slicer = new Slicer()): Promise<void> {
    const end = this.size;
    const from = this.priceSorted;
    if (end === from) return;
    const tail = new Int32Array(end - from);
    let n = 0;
    // After a load the tail is every slot: gathered in slices too (about 30 ms at 1M on a slow machine otherwise).
    for (let slot = from; slot < end; ) {
      const stop = Math.min(end, slot + CHECK_EVERY * 16);
      for (; slot < stop; slot++) if (this.alive[slot] === 1) tail[n++] = slot;
      await slicer.maybePause();
    }
    const asc = await this.mergedSliced(this.byPriceAsc, tail.slice(0, n), this.compare(false), slicer);
    const desc =
      this.byPriceDesc.length === 0 && this.byPriceAsc.length === 0
        ? await this.descendingFrom(asc, slicer)
        : await this.mergedSliced(this.byPriceDesc, tail.slice(0, n), this.compare(true), slicer);
    const rankAsc = await ranksSliced(asc, end, slicer);
    const rankDesc = await ranksSliced(desc, end, slicer);
    this.byPriceAsc = asc;
    this.byPriceDesc = desc;
    this.rankAsc = rankAsc;
    this.rankDesc = rankDesc;
    this.priceSorted = end;
  }

  /**
   * The descending price order from the ascending one: its runs of one price in reverse order,
   * each run as it is (newest first in both orders), then the ads with no price as they are (last
   * in both). After a load this walk replaces a second sort of every slot (0.35 s at 1M ads).
   */
  private async descendingFrom(asc: Int32Array, slicer: Slicer): Promise<Int32Array> {
    const out = new Int32Array(asc.length);
    // Where the ads with no price start, by halves: walking to it read a price at a random
    // place for every slot, and at 1M ads that alone held the event loop 60-130 ms.
    let priced = 0;
    for (let hi = asc.length; priced < hi; ) {
      const mid = (priced + hi) >>> 1;
      if (Number.isNaN(this.price[asc[mid]!]!)) hi = mid;
      else priced = mid + 1;
    }
    let n = 0;
    let looked = 0;
    for (let end = priced; end > 0; ) {
      let start = end - 1;
      const value = this.price[asc[start]!]!;
      while (start > 0 && this.price[asc[start - 1]!] === value) start--;
      for (let i = start; i < end; i++) out[n++] = asc[i]!;
      end = start;
      if (n - looked >= CHECK_EVERY) {
        looked = n;
        await slicer.maybePause();
      }
    }
    out.set(asc.subarray(priced), n);
    return out;
  }

  /** Waits for a price merge that is running. */
  async settle(): Promise<void> {
    await this.priceMerge;
  }

  private async mergedSliced(order: Int32Array, tail: Int32Array, compare: (a: number, b: number) => number, slicer: Slicer): Promise<Int32Array> {
    const sorted = await sortSliced(tail, compare, slicer);
    // Where each new slot goes (binary search), then the old order copied between, the dead left out.
    const out = new Int32Array(order.length + sorted.length);
    let n = 0;
    let i = 0;
    const copyUpTo = async (to: number) => {
      while (i < to) {
        // `alive` is read again after each pause: an add may have grown it.
        const alive = this.alive;
        const stop = Math.min(to, i + CHECK_EVERY * 4);
        for (; i < stop; i++) if (alive[order[i]!] === 1) out[n++] = order[i]!;
        await slicer.maybePause();
      }
    };
    for (let k = 0; k < sorted.length; k++) {
      const slot = sorted[k]!;
      let lo = i;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(order[mid]!, slot) <= 0) lo = mid + 1;
        else hi = mid;
      }
      await copyUpTo(lo);
      out[n++] = slot;
      if (k % CHECK_EVERY === CHECK_EVERY - 1) await slicer.maybePause();
    }
    await copyUpTo(order.length);
    return out.subarray(0, n);
  }

  /**
   * What a load ends with, in slices: the price orders of every slot, and the bitmaps of the
   * commonest tokens (so that no search pays for either).
   */
  async finishLoad(slicer = new Slicer()): Promise<void> {
    // Lists grown by doubling hold up to twice what they need: at 1M ads over 100 MB of room
    // no load will use (new ads come a few at a time, and a list grows again when they do).
    // The commonest tokens' lists become bitmaps first: they are not trimmed only to be dropped.
    this.bitmapsAt = this.size;
    for (const _ of this.bitmapWork()) await slicer.maybePause();
    let steps = 0;
    for (const step of this.postings.trim()) {
      steps += step;
      if (steps >= CHECK_EVERY * 16) {
        steps = 0;
        await slicer.maybePause();
      }
    }
    // The list of every slot's tokens keeps the room its reservation left (36 MB at 1M seeded
    // ads, reserved from the oldest ads, which have more words): never written, those pages take
    // no memory (bytes() still counts them), and catch-ups fill them. Cutting it to size was a
    // copy into a new array, which V8 answered with a collection: the load's longest slice, 54 ms
    // at speed 682.
    await this.cutColumns(this.size + Math.max(1024, this.size >> 4), slicer);
    await this.mergePrices(slicer);
  }

  /** Set while compact() renumbers the slots: the index can then neither answer nor take changes. */
  compacting = false;

  /**
   * Drops the dead slots in place, in slices: every slot is renumbered to its place among the
   * live ones (the order is kept, so every list stays sorted), each array is moved down over the
   * dead and then cut to size one at a time. The most held beside the index at any moment is one
   * number per slot (the new numbers) and the largest of its arrays cut to size, not a second index.
   * Until it ends, nothing else may use the index (search-index.ts sends searches to the
   * database meanwhile and holds catch-ups back).
   */
  async compact(slicer = new Slicer()): Promise<{ before: number; after: number }> {
    await this.priceMerge;
    this.compacting = true;
    try {
      const before = this.size;
      const renumber = new Int32Array(before);
      let live = 0;
      for (let slot = 0; slot < before; slot++) {
        renumber[slot] = this.alive[slot] === 1 ? live++ : -1;
        if (slot % CHECK_EVERY === 0) await slicer.maybePause();
      }
      // Each slot's columns and its tokens move down (a slot's new place and its tokens' are never past its old ones).
      let docAt = 0;
      const docs = this.docTokens.data;
      for (let slot = 0; slot < before; slot++) {
        const to = renumber[slot]!;
        if (to >= 0) {
          // The slot's tokens and, ending them or after them, its title's run.
          const from = this.tokStart[slot]!;
          const titleFrom = this.titleStart[slot]! - from;
          const span = titleFrom + this.titleCount[slot]!;
          docs.copyWithin(docAt, from, from + span);
          this.tokStart[to] = docAt;
          this.tokCount[to] = this.tokCount[slot]!;
          this.titleStart[to] = docAt + titleFrom;
          this.titleCount[to] = this.titleCount[slot]!;
          docAt += span;
          this.ids.move(slot, to);
          this.created[to] = this.created[slot]!;
          this.noteNewest(to);
          this.featured[to] = this.featured[slot]!;
          this.price[to] = this.price[slot]!;
          this.currency[to] = this.currency[slot]!;
          this.location[to] = this.location[slot]!;
          this.slotChecksum[to] = this.slotChecksum[slot]!;
          this.alive[to] = 1;
        }
        if (slot % CHECK_EVERY === 0) await slicer.maybePause();
      }
      this.docTokens.length = docAt;
      this.alive.fill(0, live);
      this.ids.unbindAll(live);
      for (let slot = 0; slot < live; slot++) {
        this.ids.bind(slot);
        if (slot % CHECK_EVERY === 0) await slicer.maybePause();
      }
      // Each token's slots, renumbered in place; a list left far larger than it needs is cut.
      let steps = 0;
      for (const step of this.postings.renumber(renumber)) {
        steps += step;
        if (steps >= CHECK_EVERY * 8) {
          steps = 0;
          await slicer.maybePause();
        }
      }
      const featured = new Growable();
      for (let i = 0; i < this.featuredList.length; i++) {
        const to = renumber[this.featuredList.data[i]!]!;
        if (to >= 0) featured.push(to);
      }
      this.featuredList = featured;
      // The price orders keep their order with the new numbers; the slots past the last merge stay the tail.
      let sortedLive = 0;
      for (let slot = 0; slot < this.priceSorted; slot++) if (renumber[slot]! >= 0) sortedLive++;
      this.byPriceAsc = await renumbered(this.byPriceAsc, renumber, slicer);
      this.byPriceDesc = await renumbered(this.byPriceDesc, renumber, slicer);
      this.rankAsc = await ranksSliced(this.byPriceAsc, sortedLive, slicer);
      this.rankDesc = await ranksSliced(this.byPriceDesc, sortedLive, slicer);
      this.priceSorted = sortedLive;
      this.size = live;
      // The bitmaps (the unlisted tokens' slots) renumbered, then those of tokens no longer common listed again.
      for (const _ of this.renumberBitmaps(renumber, live)) await slicer.maybePause();
      this.bitmapsAt = this.size;
      for (const _ of this.bitmapWork()) await slicer.maybePause();
      // Each array cut to its live slots and a little room, one at a time.
      const room = live + Math.max(1024, live >> 4);
      await this.cutColumns(room, slicer);
      // The stamps' numbers go on from where they were: a slot's old stamp is never the next one.
      if (this.stamps.length > room) this.stamps = new Uint32Array(room);
      // The token lists keep their room (the dead's share): new ads fill it, and cutting them is a copy of up to 100 MB in one go.
      return { before, after: live };
    } finally {
      this.compacting = false;
    }
  }
}

/** An order of slots with their new numbers, the dead (-1) left out, in place. */
async function renumbered(order: Int32Array, renumber: Int32Array, slicer: Slicer): Promise<Int32Array> {
  let n = 0;
  for (let i = 0; i < order.length; i++) {
    const to = renumber[order[i]!]!;
    if (to >= 0) order[n++] = to;
    if (i % (CHECK_EVERY * 4) === 0) await slicer.maybePause();
  }
  return order.subarray(0, n);
}

async function ranksSliced(order: Int32Array, size: number, slicer: Slicer): Promise<Int32Array> {
  const rank = new Int32Array(size);
  for (let i = 0; i < order.length; i++) {
    rank[order[i]!] = i;
    if (i % (CHECK_EVERY * 4) === 0) await slicer.maybePause();
  }
  return rank;
}

/** Strings kept once each, by number (0 is null). */
class Interned {
  private ids = new Map<string, number>();
  private texts: (string | null)[] = [null];
  id(text: string | null): number {
    if (text === null) return 0;
    let id = this.ids.get(text);
    if (id === undefined) {
      checkRoom(this.ids, 'distinct locations and currencies');
      id = this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
    }
    return id;
  }
  /** The number of a string, or -1 if no ad has it. */
  find(text: string): number {
    return this.ids.get(text) ?? -1;
  }
  text(id: number): string | null {
    return this.texts[id] ?? null;
  }
}

function trigramsOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= word.length; i++) out.push(word.slice(i, i + 3));
  return out;
}

/** The set bits of `bitmap`'s first `words` as slots, ascending, written into `into` from its start; how many. */
function bitmapSlots(bitmap: Uint32Array, into: Int32Array, words = bitmap.length): number {
  let n = 0;
  for (let w = 0; w < words; w++) {
    for (let x = bitmap[w]!; x !== 0; x &= x - 1) into[n++] = (w << 5) + 31 - Math.clz32(x & -x);
  }
  return n;
}

/** Whether any of the bitmaps has the slot's bit. */
function inAnyBitmap(maps: Uint32Array[], slot: number): boolean {
  const word = slot >>> 5;
  const bit = 1 << (slot & 31);
  for (const map of maps) if (word < map.length && (map[word]! & bit) !== 0) return true;
  return false;
}

/** Slots of sorted list `a` (its first `m`) also in sorted list `b` (its first `n`), written over `a`; how many. */
function intersect(a: Int32Array, m: number, b: Int32Array, n: number): number {
  let out = 0;
  let j = 0;
  for (let i = 0; i < m && j < n; i++) {
    const x = a[i]!;
    if (b[j]! < x) {
      // Gallop: double the step until past x, then halve back.
      let step = 1;
      while (j + step < n && b[j + step]! < x) step *= 2;
      let lo = j + (step >> 1);
      let hi = Math.min(j + step, n);
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (b[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      j = lo;
    }
    if (j < n && b[j] === x) a[out++] = x;
  }
  return out;
}

/** The `k` smallest numbers added, kept in a max-heap. */
class TopRanks {
  private heap: Int32Array;
  private n = 0;
  constructor(private k: number) {
    this.heap = new Int32Array(Math.max(1, k));
  }
  add(x: number) {
    const h = this.heap;
    if (this.n < this.k) {
      let i = this.n++;
      h[i] = x;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (h[p]! >= h[i]!) break;
        [h[p], h[i]] = [h[i]!, h[p]!];
        i = p;
      }
    } else if (this.k > 0 && x < h[0]!) {
      h[0] = x;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.n && h[l]! > h[m]!) m = l;
        if (r < this.n && h[r]! > h[m]!) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i]!, h[m]!];
        i = m;
      }
    }
  }
  sorted(): Int32Array {
    return this.heap.slice(0, this.n).sort();
  }
}

/** The marks of the tokens in `count` units from `start` (a token numbered WIDE or past it takes three). */
function marksOf(marks: Uint32Array, units: Uint16Array, start: number, count: number): number {
  let bits = 0;
  for (let i = start, end = start + count; i < end; i++) {
    const unit = units[i]!;
    bits |= marks[unit === WIDE ? (units[++i]! << 16) | units[++i]! : unit]!;
  }
  return bits >>> 0;
}
