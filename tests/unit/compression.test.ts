import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { windowBits } from '../../server/http/compression';

describe('brotli window for a whole body', () => {
  it('reaches back over the whole body, from 64 kB up to the default 4 MB', () => {
    expect(windowBits(2_000)).toBe(16);
    expect(windowBits(65_536)).toBe(16);
    expect(windowBits(65_537)).toBe(17);
    expect(windowBits(90_000)).toBe(17);
    expect(windowBits(50 * 2 ** 20)).toBe(constants.BROTLI_DEFAULT_WINDOW);
  });

  it('compresses a results-page-sized body as small as the default window does', () => {
    // Cards, over 64 kB of them, as a results page has.
    const card = (i: number) => `<article class="listing-card"><a href="/listing/${i.toString(16).padStart(8, '0')}">Toyota Axio ${i % 7}</a><p>Ksh ${i * 1000}</p></article>`;
    const body = Buffer.from(Array.from({ length: 700 }, (_, i) => card(i)).join(''));
    expect(body.byteLength).toBeGreaterThan(65_536);
    const params = (extra: Record<number, number>) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength, ...extra } });
    const sized = brotliCompressSync(body, params({ [constants.BROTLI_PARAM_LGWIN]: windowBits(body.byteLength) }));
    const standard = brotliCompressSync(body, params({}));
    expect(brotliDecompressSync(sized).equals(body)).toBe(true);
    expect(sized.byteLength).toBeLessThanOrEqual(standard.byteLength + 16);
  });
});
