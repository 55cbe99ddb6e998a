/**
 * mulberry32: a tiny seeded generator of floats in [0, 1). Demo photos, photographic test images
 * and the search benchmark all need the same seed to give the same output on every machine,
 * which Math.random cannot do.
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
