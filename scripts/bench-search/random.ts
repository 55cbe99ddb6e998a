import { prng } from '../../server/seed/prng.ts';

/** A small seeded random source (mulberry32): the same seed gives the same data and the same queries. */
export type Rng = {
  /** [0, 1) */
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item by weight: [item, weight] pairs. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T;
  /** Index 0 most often, then 1, ... (Zipf-like, exponent s). */
  zipf(n: number, s?: number): number;
};

export function createRng(seed: number): Rng {
  const next = prng(seed);
  const zipfTables = new Map<string, number[]>();
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(items) {
      let total = 0;
      for (const [, w] of items) total += w;
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    zipf(n, s = 1) {
      const key = `${n}:${s}`;
      let cumulative = zipfTables.get(key);
      if (!cumulative) {
        cumulative = [];
        let sum = 0;
        for (let k = 1; k <= n; k++) cumulative.push((sum += 1 / k ** s));
        zipfTables.set(key, cumulative);
      }
      const r = next() * cumulative[cumulative.length - 1]!;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! < r) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}
