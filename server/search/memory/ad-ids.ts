/*
 * The ads' ids by slot, and the live ads' slots by id, without a JavaScript object per ad.
 *
 * As a string in an array and a key of a Map, each id cost about 100 bytes of heap and two
 * objects that every full garbage collection marks: at 1,000,000 ads about 100 MB, and
 * collections that held the event loop up to 179 ms during a load
 * (docs/decisions/search-index-ids-in-arrays.md). Here an id is 16 bytes in a typed array (four
 * 32-bit words, in the text's order, so comparing the words compares the texts) and the table
 * from id to slot is an open-addressing hash table of slot numbers (linear probing, at most half
 * full), 8 bytes per live ad at most. No V8 Map, so no Map's entry limit either.
 */

/**
 * The table holds slot + 1, so that 0, a new typed array's value, is an empty place: the table
 * needs no fill. Filling a new 16 MB table (1M ads) touched every page of it at once, 50-55 ms
 * of the event loop on a machine whose first touch of a page costs 12 µs; unfilled, the pages
 * are touched as ids are bound, a few per step.
 */
const EMPTY = 0;

/** Each character code's value as a lower-case hex digit, or -1. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) HEX_DIGIT[digit.toString(16).charCodeAt(0)] = digit;
const DASH = 45;

/** Each byte's two hex digits: an id is written from 16 lookups (a search writes a hundred or more ids; toString(16) and padStart took five times as long). */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export class AdIds {
  /** Four words per slot. */
  private words = new Uint32Array(4 * 1024);
  /** Slots + 1 by hash of their id; EMPTY where none. Its length is a power of two. */
  private table = new Int32Array(2048);
  /** Slots in the table. */
  private bound = 0;
  /** Scratch for a looked-up id's words. */
  private readonly key = new Uint32Array(4);

  /** Writes the id of `slot` (a new slot: the index grows its columns first). */
  set(slot: number, id: string) {
    if (4 * slot + 4 > this.words.length) {
      const next = new Uint32Array(Math.max(4 * slot + 4, this.words.length * 2));
      next.set(this.words);
      this.words = next;
    }
    if (!parse(id, this.words, 4 * slot)) throw new Error(`Not an ad id: ${id}`);
  }

  /** The id of `slot`, as text. */
  get(slot: number): string {
    return idText(this.words, 4 * slot);
  }

  /** The ids of `slots`, four words each in their order, copied: what a compaction moves later does not change them (idText reads them). */
  copy(slots: readonly number[]): Uint32Array {
    const out = new Uint32Array(4 * slots.length);
    const w = this.words;
    for (let i = 0; i < slots.length; i++) {
      const from = 4 * slots[i]!;
      out[4 * i] = w[from]!;
      out[4 * i + 1] = w[from + 1]!;
      out[4 * i + 2] = w[from + 2]!;
      out[4 * i + 3] = w[from + 3]!;
    }
    return out;
  }

  /** Compares the ids of two slots as their texts compare: negative, 0 or positive. */
  compare(a: number, b: number): number {
    const w = this.words;
    for (let i = 0; i < 4; i++) {
      const d = w[4 * a + i]! - w[4 * b + i]!;
      if (d !== 0) return d;
    }
    return 0;
  }

  /** The live slot of the id, or -1. */
  slotOf(id: string): number {
    if (!parse(id, this.key, 0)) return -1;
    const mask = this.table.length - 1;
    const [a, b, c, d] = this.key as unknown as [number, number, number, number];
    for (let i = hash(a, b, c, d) & mask; ; i = (i + 1) & mask) {
      const entry = this.table[i]!;
      if (entry === EMPTY) return -1;
      const slot = entry - 1;
      const at = 4 * slot;
      if (this.words[at] === a && this.words[at + 1] === b && this.words[at + 2] === c && this.words[at + 3] === d) return slot;
    }
  }

  /** Makes `slot` the live one for its id (the id's old slot, if any, must be unbound first). */
  bind(slot: number) {
    if (2 * (this.bound + 1) > this.table.length) this.rehash(this.table.length * 2);
    this.place(this.table, slot);
    this.bound++;
  }

  /** The slot is no longer live: its id leaves the table (backward-shift deletion, so no tombstones pile up). */
  unbind(slot: number) {
    const table = this.table;
    const mask = table.length - 1;
    let i = this.home(slot, mask);
    while (table[i] !== slot + 1) {
      if (table[i] === EMPTY) return;
      i = (i + 1) & mask;
    }
    for (let j = (i + 1) & mask; table[j] !== EMPTY; j = (j + 1) & mask) {
      const k = this.home(table[j]! - 1, mask);
      // The entry at j may move back to i unless its home lies in (i, j], cyclically.
      const stays = i <= j ? i < k && k <= j : i < k || k <= j;
      if (stays) continue;
      table[i] = table[j]!;
      i = j;
    }
    table[i] = EMPTY;
    this.bound--;
  }

  /** Compaction: the id of slot `from` moves to slot `to` (to ≤ from). The table is rebuilt after (rebind). */
  move(from: number, to: number) {
    this.words.copyWithin(4 * to, 4 * from, 4 * from + 4);
  }

  /** Empties the table; the compaction then binds every live slot again. A table of the size it needs is emptied in place: its pages are already touched. */
  unbindAll(live: number) {
    let size = 2048;
    while (size < 2 * live) size *= 2;
    if (size === this.table.length) this.table.fill(EMPTY);
    else this.table = new Int32Array(size);
    this.bound = 0;
  }

  /** Room for `slots` ids, and a table for as many live ones, made at once (a load knows how many ads it reads): a step (an allocation of 16 MB at 1M ads) at a time. */
  *reserve(slots: number): Generator<void> {
    if (this.words.length < 4 * slots) {
      const next = new Uint32Array(4 * slots);
      next.set(this.words);
      this.words = next;
      yield;
    }
    if (2 * slots > this.table.length) {
      let size = this.table.length;
      while (size < 2 * slots) size *= 2;
      this.rehash(size);
    }
  }

  /**
   * Room for `slots` ids (a quarter more than now at least), copied a piece of `piece` words at a
   * time, yielding after each: set() doubles in one go, 16 MB of new pages at 1M ads.
   */
  *roomFor(slots: number, piece: number): Generator<void> {
    if (this.words.length >= 4 * slots) return;
    const next = new Uint32Array(Math.max(4 * slots, this.words.length + (this.words.length >> 2)));
    for (let from = 0; from < this.words.length; from += piece) {
      next.set(this.words.subarray(from, Math.min(this.words.length, from + piece)), from);
      yield;
    }
    this.words = next;
  }

  /** Gives back the room past `slots` slots. */
  cut(slots: number) {
    if (this.words.length > 4 * slots) this.words = this.words.slice(0, 4 * slots);
  }

  /** Slots it has room for without growing (tests). */
  room(): number {
    return this.words.length / 4;
  }

  bytes(): number {
    return this.words.byteLength + this.table.byteLength;
  }

  private home(slot: number, mask: number): number {
    const at = 4 * slot;
    const w = this.words;
    return hash(w[at]!, w[at + 1]!, w[at + 2]!, w[at + 3]!) & mask;
  }

  private place(table: Int32Array, slot: number) {
    const mask = table.length - 1;
    let i = this.home(slot, mask);
    while (table[i] !== EMPTY) i = (i + 1) & mask;
    table[i] = slot + 1;
  }

  private rehash(size: number) {
    const old = this.table;
    const table = new Int32Array(size);
    for (let i = 0; i < old.length; i++) if (old[i] !== EMPTY) this.place(table, old[i]! - 1);
    this.table = table;
  }
}

/** The id whose four words start at `at`, as text. */
export function idText(w: Uint32Array, at: number): string {
  const a = w[at]!;
  const b = w[at + 1]!;
  const c = w[at + 2]!;
  const d = w[at + 3]!;
  return (
    HEX[a >>> 24]! + HEX[(a >>> 16) & 255]! + HEX[(a >>> 8) & 255]! + HEX[a & 255]! + '-' +
    HEX[b >>> 24]! + HEX[(b >>> 16) & 255]! + '-' + HEX[(b >>> 8) & 255]! + HEX[b & 255]! + '-' +
    HEX[c >>> 24]! + HEX[(c >>> 16) & 255]! + '-' + HEX[(c >>> 8) & 255]! + HEX[c & 255]! +
    HEX[d >>> 24]! + HEX[(d >>> 16) & 255]! + HEX[(d >>> 8) & 255]! + HEX[d & 255]!
  );
}

/**
 * Reads an id (PostgreSQL's uuid text: 8-4-4-4-12 lower-case hex digits) into four words, a
 * character at a time, or says it is not one (false; the words are then anything). A regular
 * expression and four parseInt of sliced strings were 0.4 s of a load of 1M ads.
 */
function parse(id: string, out: Uint32Array, at: number): boolean {
  if (id.length !== 36 || id.charCodeAt(8) !== DASH || id.charCodeAt(13) !== DASH || id.charCodeAt(18) !== DASH || id.charCodeAt(23) !== DASH) return false;
  let word = 0;
  let digits = 0;
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) continue;
    const code = id.charCodeAt(i);
    const digit = code < 128 ? HEX_DIGIT[code]! : -1;
    if (digit < 0) return false;
    word = (word << 4) | digit;
    if (++digits % 8 === 0) out[at + digits / 8 - 1] = word;
  }
  return true;
}

/** Mixes the four words (random in a v4 uuid, but not in every id a test writes). */
function hash(a: number, b: number, c: number, d: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35) ^ Math.imul(d, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}
