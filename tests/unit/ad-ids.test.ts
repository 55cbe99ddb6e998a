import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AdIds } from '../../server/search/memory/ad-ids.ts';

/*
 * The index's table of ids (a hash table of its own, not a Map): every live id is found at its
 * slot after any mix of adds, removals (backward-shift deletion) and compaction, checked against a Map.
 */
describe('the index ids', () => {
  it('finds each live id at its slot through adds, removals, new versions and compaction', () => {
    const ids = new AdIds();
    const live = new Map<string, number>();
    const pool = Array.from({ length: 3_000 }, () => randomUUID());
    // Ids that differ in one word only, so the hash's mixing (not the randomness of uuids) spreads them.
    for (let i = 0; i < 500; i++) pool.push(`00000000-0000-0000-0000-${i.toString(16).padStart(12, '0')}`);
    let slots = 0;
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let step = 0; step < 40_000; step++) {
      const id = pool[Math.floor(random() * pool.length)]!;
      const old = live.get(id);
      expect(ids.slotOf(id)).toBe(old ?? -1);
      if (old !== undefined) {
        ids.unbind(old);
        live.delete(id);
      }
      if (random() < 0.6) {
        const slot = slots++;
        ids.set(slot, id);
        ids.bind(slot);
        live.set(id, slot);
      }
      if (step % 10_000 === 9_999) {
        // Compaction: live slots move down in order, and the table is built again.
        const order = [...live.entries()].sort((a, b) => a[1] - b[1]);
        ids.unbindAll(order.length);
        order.forEach(([id, from], to) => {
          ids.move(from, to);
          ids.bind(to);
          live.set(id, to);
        });
        slots = order.length;
        ids.cut(slots);
      }
    }
    for (const [id, slot] of live) {
      expect(ids.get(slot)).toBe(id);
      expect(ids.slotOf(id)).toBe(slot);
    }
    expect(ids.slotOf('not-an-id')).toBe(-1);
  });

  it('orders two slots as their ids order as text', () => {
    const ids = new AdIds();
    const texts = Array.from({ length: 200 }, () => randomUUID());
    texts.forEach((id, slot) => ids.set(slot, id));
    for (let i = 0; i + 1 < texts.length; i++) {
      expect(Math.sign(ids.compare(i, i + 1))).toBe(texts[i]! < texts[i + 1]! ? -1 : 1);
    }
  });

  it('refuses text that is not a uuid instead of storing a wrong id', () => {
    const good = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
    for (const bad of ['ad-1', good.toUpperCase(), `${good}0`, good.slice(1), good.replace('-', 'x'), good.replace('-58cc', '58cc-'), good.replace('f47', 'g47'), good.replace('d479', 'd47\u0660')]) {
      expect(() => new AdIds().set(0, bad), bad).toThrow('Not an ad id');
    }
    const ids = new AdIds();
    ids.set(0, good);
    ids.bind(0);
    expect(ids.get(0)).toBe(good);
    expect(ids.slotOf(good)).toBe(0);
    // A search may ask for any text: one that is no uuid is no ad's.
    expect(ids.slotOf(good.toUpperCase())).toBe(-1);
    expect(ids.slotOf('ad-1')).toBe(-1);
  });

  it('finds every id after a reserve sized for a load, and after the table is emptied at the same size and at a smaller one', () => {
    const ids = new AdIds();
    const texts = Array.from({ length: 5_000 }, () => randomUUID());
    for (const _ of ids.reserve(texts.length)) void _;
    texts.forEach((id, slot) => {
      ids.set(slot, id);
      ids.bind(slot);
    });
    // Slot 0 first: the table keeps slot + 1, and an empty place must never read as slot 0.
    expect(ids.slotOf(texts[0]!)).toBe(0);
    expect(texts.every((id, slot) => ids.slotOf(id) === slot)).toBe(true);
    expect(ids.slotOf(randomUUID())).toBe(-1);
    for (const live of [texts.length, 100]) {
      ids.unbindAll(live);
      expect(ids.slotOf(texts[0]!)).toBe(-1);
      for (let slot = 0; slot < live; slot++) ids.bind(slot);
      expect(texts.slice(0, live).every((id, slot) => ids.slotOf(id) === slot)).toBe(true);
      expect(ids.slotOf(texts[texts.length - 1]!)).toBe(live === texts.length ? texts.length - 1 : -1);
    }
  });
});
