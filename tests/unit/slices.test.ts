import { describe, expect, it } from 'vitest';
import { longerSlice, sliceText, Slicer, SLICE_MS, sortSliced, takeLongestSlice } from '../../server/search/memory/slices.ts';

/** Holds the thread for `ms` by the clock. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

async function aLongStep(slicer: Slicer) {
  busyFor(6 * SLICE_MS);
  await slicer.maybePause();
}

describe('the longest slice', () => {
  it('says where a long slice ended: the code that held the event loop past its turn', async () => {
    takeLongestSlice();
    await aLongStep(new Slicer());
    const slice = takeLongestSlice();
    expect(slice.ms).toBeGreaterThanOrEqual(6 * SLICE_MS);
    expect(slice.at).toMatch(/^aLongStep \(slices\.test\.ts:\d+\)/);
    expect(sliceText(slice)).toMatch(/ms of CPU\), ended in aLongStep/);
    // Taken, it starts again from nothing.
    expect(takeLongestSlice()).toEqual({ ms: 0, cpuMs: 0, at: undefined });
  });

  it('sorts in slices, and the longer of two slices keeps its place', async () => {
    const slots = Int32Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5000);
    const sorted = await sortSliced(slots, (a, b) => a - b, new Slicer());
    expect(Array.from(sorted)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(longerSlice({ ms: 5, cpuMs: 9 }, { ms: 40, cpuMs: 2, at: 'here' })).toEqual({ ms: 40, cpuMs: 9, at: 'here' });
  });
});
