/*
 * Lists of ascending numbers, many of them short: each token's slots (the inverted index's
 * lists), and each trigram's tokens. Most tokens are rare (at 1,000,000
 * seeded ads, 221,500 of 223,000 tokens are in at most 4 ads): their slots live in one shared
 * array, SMALL per token, and only a token that outgrows its room gets an array of its own.
 * An object and a typed array per token were over 600,000 heap objects at 1M ads, which every
 * full garbage collection marks while the event loop waits (docs/decisions/search-index-posting-lists.md).
 * The commonest tokens' slots are kept as bitmaps instead (MemoryIndex): those tokens are
 * "unlisted" here, counted but not listed.
 */

/** A sorted list of slots (its first `length`). */
export type SlotList = { data: Int32Array; length: number };

const SMALL = 4;
/** "No array of its own yet": one shared empty array keeps `own` a list of one kind of element. */
const NONE = new Int32Array(0);
/** "Counted, not listed": the token's slots are kept elsewhere (a bitmap: MemoryIndex), only their number here. */
const UNLISTED = new Int32Array(0);

export class PostingLists {
  /** Tokens. */
  count = 0;
  private lengths = new Int32Array(1024);
  private small = new Int32Array(1024 * SMALL);
  private own: Int32Array[] = [];

  /** A new token, with no slots: its number. */
  add(): number {
    const token = this.count++;
    if (token >= this.lengths.length) {
      const lengths = new Int32Array(this.lengths.length * 2);
      lengths.set(this.lengths);
      this.lengths = lengths;
      const small = new Int32Array(lengths.length * SMALL);
      small.set(this.small);
      this.small = small;
    }
    this.own.push(NONE);
    return token;
  }

  length(token: number): number {
    return this.lengths[token]!;
  }

  /** Appends `slot` (larger than every slot the token has), not to an unlisted token. Lists are named by token here; a trigram's list works alike. */
  push(token: number, slot: number) {
    const length = this.lengths[token]!;
    let own = this.own[token]!;
    if (own === UNLISTED) throw new Error(`Token ${token} is unlisted: countOne() it`);
    if (own === NONE) {
      if (length < SMALL) {
        this.small[token * SMALL + length] = slot;
        this.lengths[token] = length + 1;
        return;
      }
      own = new Int32Array(SMALL * 4);
      own.set(this.small.subarray(token * SMALL, token * SMALL + SMALL));
      this.own[token] = own;
    } else if (length === own.length) {
      const next = new Int32Array(own.length * 2);
      next.set(own);
      this.own[token] = own = next;
    }
    own[length] = slot;
    this.lengths[token] = length + 1;
  }

  /** Counts one more slot of a token whose slots are kept elsewhere (unlist). */
  countOne(token: number) {
    this.lengths[token]! += 1;
  }

  /** Drops the token's list, keeping its length: its slots are kept elsewhere from now on (countOne() counts new ones). */
  unlist(token: number) {
    if (this.own[token] === NONE) throw new Error('Only a list of its own is unlisted');
    this.own[token] = UNLISTED;
  }

  /** The token's list again, from `slots` (ascending, `length` of them), after unlist(). */
  relist(token: number, slots: Int32Array, length: number) {
    this.own[token] = slots;
    this.lengths[token] = length;
  }

  /** An unlisted token's length, as counted elsewhere (a compaction). */
  setLength(token: number, length: number) {
    if (this.own[token] !== UNLISTED) throw new Error('Only an unlisted token has its length set');
    this.lengths[token] = length;
  }

  /** The token's slots: valid until the token's next push (a search, which adds nothing, may hold it). */
  list(token: number): SlotList {
    const own = this.own[token]!;
    if (own === UNLISTED) throw new Error(`Token ${token} is unlisted: its slots are kept elsewhere`);
    const length = this.lengths[token]!;
    return { data: own === NONE ? this.small.subarray(token * SMALL, token * SMALL + SMALL) : own, length };
  }

  /** Gives back the room of each list of its own past a little more than its length (after a load, whose lists grew by doubling). */
  *trim(): Generator<number> {
    for (let token = 0; token < this.count; token++) {
      const own = this.own[token]!;
      const length = this.lengths[token]!;
      const room = length + (length >> 3) + 16;
      if (own !== NONE && own.length > room) this.own[token] = own.slice(0, room);
      yield length + 64;
    }
  }

  /** Each slot renumbered (`to[slot]`, or -1: dropped), in place, the order kept (a compaction); a list left far larger than it needs is cut. */
  *renumber(to: Int32Array): Generator<number> {
    for (let token = 0; token < this.count; token++) {
      // An unlisted token's slots are renumbered where they are kept, and its length set then.
      if (this.own[token] === UNLISTED) continue;
      const { data, length } = this.list(token);
      let n = 0;
      for (let i = 0; i < length; i++) {
        const slot = to[data[i]!]!;
        if (slot >= 0) data[n++] = slot;
      }
      this.lengths[token] = n;
      if (this.own[token] === data && data.length > 64 && n < data.length / 4) this.own[token] = data.slice(0, Math.max(SMALL * 4, n * 2));
      yield data.length + 8;
    }
  }

  bytes(): number {
    let n = this.lengths.byteLength + this.small.byteLength + this.own.length * 8;
    for (const own of this.own) if (own !== NONE && own !== UNLISTED) n += own.byteLength + 96;
    return n;
  }
}
