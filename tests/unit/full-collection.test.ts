import { expect, it } from 'vitest';
import { fullCollection } from '../../server/search/memory/full-collection.ts';

it('a full collection frees what nothing holds, without --expose-gc and without a global gc', () => {
  expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  let dropped: Uint8Array | null = new Uint8Array(64 * 2 ** 20).fill(1);
  const held = process.memoryUsage().arrayBuffers;
  expect(dropped.length).toBeGreaterThan(0);
  dropped = null;
  expect(fullCollection()).toBeGreaterThanOrEqual(0);
  expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(60 * 2 ** 20);
  expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
});
