import { describe, expect, it } from 'vitest';
import { PostingLists } from '../../server/search/memory/posting-lists.ts';

/*
 * The index's lists of ascending numbers (short ones in a shared array, long ones in arrays of
 * their own), checked against plain arrays through growth past the shared room, trimming and a
 * compaction's renumbering.
 */
describe('posting lists', () => {
  const read = (lists: PostingLists, n: number) => {
    const { data, length } = lists.list(n);
    expect(lists.length(n)).toBe(length);
    return Array.from(data.subarray(0, length));
  };

  it('keeps every list whole and in order, short and long, through growth, trimming and renumbering', () => {
    const lists = new PostingLists();
    const expected: number[][] = [];
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // More lists than the first room (1,024), most of them short, a few long: as tokens are.
    for (let slot = 0; slot < 30_000; slot++) {
      if (expected.length < 3_000 && random() < 0.2) {
        expect(lists.add()).toBe(expected.length);
        expected.push([]);
      }
      if (expected.length === 0) continue;
      const commonOrRare = random() < 0.5 ? Math.floor(random() * 5) : Math.floor(random() * expected.length);
      const n = Math.min(commonOrRare, expected.length - 1);
      lists.push(n, slot);
      expected[n]!.push(slot);
    }
    expect(lists.count).toBe(expected.length);
    expect(expected.filter((l) => l.length > 4).length).toBeGreaterThan(4);
    expect(expected.filter((l) => l.length > 0 && l.length <= 4).length).toBeGreaterThan(100);
    for (let n = 0; n < expected.length; n++) expect(read(lists, n)).toEqual(expected[n]);

    for (const _ of lists.trim());
    for (let n = 0; n < expected.length; n++) expect(read(lists, n)).toEqual(expected[n]);

    // A compaction: every third slot dies, the rest are numbered anew in order.
    const to = new Int32Array(30_000).fill(-1);
    let next = 0;
    for (let slot = 0; slot < to.length; slot++) if (slot % 3 !== 0) to[slot] = next++;
    for (const _ of lists.renumber(to));
    for (let n = 0; n < expected.length; n++) {
      expect(read(lists, n)).toEqual(expected[n]!.filter((slot) => slot % 3 !== 0).map((slot) => to[slot]));
    }
    // Lists go on growing after it.
    lists.push(0, next);
    expect(read(lists, 0).at(-1)).toBe(next);
  });

  it('counts its bytes: a short list costs no array of its own', () => {
    const lists = new PostingLists();
    for (let n = 0; n < 1_000; n++) lists.push(lists.add(), n);
    const short = lists.bytes();
    const long = new PostingLists();
    long.add();
    for (let slot = 0; slot < 1_000; slot++) long.push(0, slot);
    expect(long.bytes() - new PostingLists().bytes()).toBeGreaterThanOrEqual(4_000);
    expect(short).toBeLessThan(1_024 * 4 * 4 + 1_024 * 4 + 1_000 * 8 + 1);
  });

  it('an unlisted token (its slots in a bitmap) keeps only its count, costs no array, is skipped by a renumbering and can be listed again', () => {
    const lists = new PostingLists();
    const common = lists.add();
    const other = lists.add();
    for (let slot = 0; slot < 100; slot++) lists.push(slot % 2 === 0 ? common : other, slot);
    const listed = lists.bytes();
    lists.unlist(common);
    expect(listed - lists.bytes()).toBeGreaterThanOrEqual(50 * 4);
    expect(() => lists.list(common)).toThrow(/unlisted/);
    expect(() => lists.push(common, 100)).toThrow(/unlisted/);
    lists.countOne(common);
    expect(lists.length(common)).toBe(51);
    for (const _ of lists.renumber(new Int32Array(101).map((_, slot) => (slot < 50 ? -1 : slot - 50))));
    // Its count is the keeper's to set (MemoryIndex renumbers the bitmap); the listed one is renumbered.
    expect(lists.length(common)).toBe(51);
    lists.setLength(common, 26);
    expect(read(lists, other)).toEqual(Array.from({ length: 25 }, (_, i) => 1 + 2 * i));
    lists.relist(common, Int32Array.from([0, 2, 4]), 3);
    expect(read(lists, common)).toEqual([0, 2, 4]);
    expect(() => lists.setLength(common, 3)).toThrow(/unlisted/);
  });
});
