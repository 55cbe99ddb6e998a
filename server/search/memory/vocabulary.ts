/**
 * The index's tokens numbered 0, 1, 2… in the order first seen, looked up by their text or by
 * a stretch of a longer text (an ad's tokens come from the database joined in one string).
 *
 * An open-addressing hash table over typed arrays instead of a Map<string, number>: loading 1M
 * ads looks a token up 26 million times, and the Map, with the string from split() that each
 * lookup needed, was a third of a load's CPU (2.9 s of 11 at speed ~290; the split another
 * 1.0 s). Here a lookup hashes the characters where they lie and compares them in place; a
 * new string is made only for a token never seen. It also has no Map's ceiling of about 16.7
 * million entries: it stops at MAX_TOKENS with an error that says so.
 */

/** Tokens numbered at most: the table of 2 × MAX_TOKENS slots is then 128 MB. */
export const MAX_TOKENS = 1 << 24;

const EMPTY = -1;

/** FNV-1a over UTF-16 code units, 32 bits. */
function hashOf(text: string, from: number, to: number): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

export class Vocabulary {
  /** `Full`: the error thrown for a token past `most` (the index's, which sends searches to the database). */
  constructor(
    private readonly Full: new (message: string) => Error,
    private readonly most = MAX_TOKENS,
  ) {}

  /** Each token's text, by number. */
  readonly texts: string[] = [];
  /** Each token's hash, by number (to grow the table, and to compare cheaply before the characters). */
  private hashes = new Int32Array(1024);
  /** Token numbers by hash, EMPTY where none; always at most half full, its length a power of two. */
  private table = new Int32Array(2048).fill(EMPTY);

  get size(): number {
    return this.texts.length;
  }

  /** The number of `text`, or -1 if it is not a token. */
  find(text: string): number {
    return this.lookUp(text, 0, text.length, false);
  }

  /** The number of `text`, numbered now if new. */
  id(text: string): number {
    return this.lookUp(text, 0, text.length, true);
  }

  /** The number of the token `text.slice(from, to)` (not empty), numbered now if new. */
  idIn(text: string, from: number, to: number): number {
    return this.lookUp(text, from, to, true);
  }

  bytes(): number {
    let n = this.hashes.byteLength + this.table.byteLength + this.texts.length * 8;
    for (const text of this.texts) n += 16 + text.length;
    return n;
  }

  private lookUp(text: string, from: number, to: number, add: boolean): number {
    const hash = hashOf(text, from, to);
    const length = to - from;
    const mask = this.table.length - 1;
    let at = hash & mask;
    for (let id = this.table[at]!; id !== EMPTY; id = this.table[(at = (at + 1) & mask)]!) {
      if (this.hashes[id] !== hash) continue;
      const known = this.texts[id]!;
      if (known.length === length && text.startsWith(known, from)) return id;
    }
    if (!add) return -1;
    const id = this.texts.length;
    if (id >= this.most) throw new this.Full(`the search index holds ${id.toLocaleString('en')} distinct words, the most it numbers`);
    this.texts.push(from === 0 && to === text.length ? text : text.slice(from, to));
    if (id >= this.hashes.length) {
      const grown = new Int32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[id] = hash;
    this.table[at] = id;
    if (this.texts.length * 2 > this.table.length) this.rehash(this.table.length * 2);
    return id;
  }

  private rehash(size: number) {
    const table = new Int32Array(size).fill(EMPTY);
    const mask = size - 1;
    for (let id = 0; id < this.texts.length; id++) {
      let at = this.hashes[id]! & mask;
      while (table[at] !== EMPTY) at = (at + 1) & mask;
      table[at] = id;
    }
    this.table = table;
  }
}
