import { expect, it } from 'vitest';
import { fullCollection } from '../../server/search/memory/full-collection.ts';

/** 64 MB that nothing holds once this returns. */
const garbage = () => new Uint8Array(64 * 2 ** 20).fill(1).length;

it('a full collection frees what nothing holds, without --expose-gc and without a global gc', () => {
  expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  const before = process.memoryUsage().arrayBuffers;
  expect(garbage()).toBe(64 * 2 ** 20);
  expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThanOrEqual(60 * 2 ** 20);
  expect(fullCollection()).toBeGreaterThanOrEqual(0);
  expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(4 * 2 ** 20);
  expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
});
