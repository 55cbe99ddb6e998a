import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { BROTLI_QUALITY_SATURATED, BROTLI_QUALITY_UNDER_LOAD, compression, windowBits } from '../../server/http/compression';
import { BUSY_UTILIZATION, createEventLoopLoad, LOAD_WINDOW_MS, SATURATED_UTILIZATION } from '../../server/http/event-loop-load';

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

describe('compression effort under load', () => {
  it('calls the event loop idle, busy or saturated from the share of the last full window it spent running code', () => {
    let now = 0;
    let active = 0;
    const at = (ms: number, busyMs: number) => {
      now = ms;
      active = busyMs;
    };
    // What Node's counters report: time active, and the share of the time between two readings.
    type Reading = { idle: number; active: number; utilization: number };
    const utilization = (a?: Reading, b?: Reading): Reading => {
      if (!a) return { idle: now - active, active, utilization: active / Math.max(now, 1) };
      const spanActive = a.active - (b?.active ?? 0);
      const span = spanActive + a.idle - (b?.idle ?? 0);
      return { idle: a.idle - (b?.idle ?? 0), active: spanActive, utilization: span ? spanActive / span : 0 };
    };
    const load = createEventLoopLoad(() => now, utilization as never);
    at(100, 95);
    expect(load.level()).toBe('idle'); // the first window is not over yet
    at(LOAD_WINDOW_MS, LOAD_WINDOW_MS * 0.9);
    expect(load.level()).toBe('busy');
    at(LOAD_WINDOW_MS + 50, LOAD_WINDOW_MS * 0.9);
    expect(load.level()).toBe('busy'); // holds until the next window ends
    at(LOAD_WINDOW_MS * 2, LOAD_WINDOW_MS * 0.9 + LOAD_WINDOW_MS * 0.5);
    expect(load.level()).toBe('idle');
    const activeBy3 = LOAD_WINDOW_MS * 1.4 + LOAD_WINDOW_MS * BUSY_UTILIZATION + 1;
    at(LOAD_WINDOW_MS * 3, activeBy3);
    expect(load.level()).toBe('busy');
    at(LOAD_WINDOW_MS * 4, activeBy3 + LOAD_WINDOW_MS * SATURATED_UTILIZATION + 1);
    expect(load.level()).toBe('saturated');
    at(LOAD_WINDOW_MS * 5, activeBy3 + LOAD_WINDOW_MS * SATURATED_UTILIZATION + 1 + LOAD_WINDOW_MS * SATURATED_UTILIZATION);
    expect(load.level()).toBe('busy'); // exactly at the line is not above it
  });

  it('compresses at quality 5 when the server is idle and at the lightest quality while its event loop is saturated', async () => {
    const html = `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, i) => `<li class="card"><a href="/listing/${i * 7919}">Toyota Axio ${i % 13}, Ksh ${i * 1000}</a></li>`).join('')}</body></html>`;
    const app = new Hono();
    app.use(compression());
    // A page as app/entry.server.tsx answers it: whole, with its length.
    app.get('/', () => new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(Buffer.byteLength(html)) } }));
    const get = async () => Buffer.from(await (await app.request('/', { headers: { 'Accept-Encoding': 'br' } })).arrayBuffer());
    const at = (quality: number) => brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html), [constants.BROTLI_PARAM_LGWIN]: windowBits(Buffer.byteLength(html)) } });
    expect(at(5).byteLength).toBeLessThan(at(BROTLI_QUALITY_UNDER_LOAD).byteLength);
    expect(at(BROTLI_QUALITY_UNDER_LOAD).byteLength).toBeLessThan(at(BROTLI_QUALITY_SATURATED).byteLength);

    const idle = () => new Promise((resolve) => setTimeout(resolve, LOAD_WINDOW_MS + 20));
    // Each get() after a wait closes the window that began at the last reading. The first such
    // window also holds this file's loading and the tests before, which on a busy machine can
    // read as busy: the second holds only the wait.
    // On a machine loaded by other test processes a quiet window can still read as busy now and
    // then (CI's PostgreSQL half once did): the server must be back at quality 5 within a few.
    const settlesAtQuality5 = async () => {
      for (let i = 0; i < 6; i++) {
        await idle();
        await get();
        if ((await get()).equals(at(5))) return true;
      }
      return false;
    };
    expect(await settlesAtQuality5()).toBe(true);

    const spinUntil = performance.now() + LOAD_WINDOW_MS + 20;
    while (performance.now() < spinUntil); // a window of the event loop fully busy
    const underLoad = await get();
    expect(underLoad.equals(at(BROTLI_QUALITY_SATURATED))).toBe(true);
    expect(brotliDecompressSync(underLoad).toString()).toBe(html);

    expect(await settlesAtQuality5()).toBe(true);
  });
});
