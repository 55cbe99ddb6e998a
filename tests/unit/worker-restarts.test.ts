import { describe, expect, it } from 'vitest';
import { createRestartPolicy, RAN_LONG_ENOUGH_MS } from '../../server/worker-restarts.ts';

describe('replacing server processes that die (node:cluster primary)', () => {
  it('replaces one that ran a while at once, and those that die young after pauses doubling to a minute', () => {
    const policy = createRestartPolicy();
    expect(policy.died(RAN_LONG_ENOUGH_MS + 1)).toBe(0);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => policy.died(500))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    // A process that then runs long enough ends the crash loop: the next death is replaced at once.
    expect(policy.died(RAN_LONG_ENOUGH_MS)).toBe(0);
    expect(policy.died(10)).toBe(1_000);
  });
});
