import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import pino from 'pino';
import type { EntryContext } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { startPageRenderer, type PageRenderer, type PageToRender } from '../../server/render/page-renderer.ts';

/**
 * The render threads' mechanics, against a stand-in build (tests/support/stand-in-build.mjs):
 * what crosses to a thread and back, and what happens when a thread fails. Every browser test
 * runs the real pages through a render thread (npm start's default, RENDER_THREADS=1).
 */
const support = path.resolve(import.meta.dirname, '../support');
const standIn = pathToFileURL(path.join(support, 'stand-in-build.mjs')).href;

let renderer: PageRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
  renderer = undefined;
});

function start(buildUrl = standIn, threads = 1, timeoutMs?: number) {
  const lines: Array<{ msg: string; code?: number }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  renderer = startPageRenderer({ buildUrl, threads, logger, timeoutMs });
  return { renderer, lines };
}

function page(
  pathname: string,
  options: { acceptEncoding?: string; method?: string; loaderData?: Record<string, unknown>; version?: string } = {},
): PageToRender {
  const headers = new Headers(options.acceptEncoding ? { 'Accept-Encoding': options.acceptEncoding } : {});
  const context = {
    manifest: { version: options.version ?? 'stand-in-1' },
    routeModules: {},
    criticalCss: undefined,
    serverHandoffString: '{}',
    future: {},
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    staticHandlerContext: {
      basename: '/',
      location: { pathname, search: '', hash: '', state: null, key: 'default' },
      // A route object holds loaders and components, which cannot cross: only its id does.
      matches: [{ params: { id: '7' }, pathname, pathnameBase: pathname, route: { id: 'root', loader: () => null } }],
      loaderData: options.loaderData ?? { root: { now: new Date('2026-11-27T10:00:00Z'), title: 'Toyota Corolla' } },
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: { root: new Headers() },
      actionHeaders: {},
    },
  } as unknown as EntryContext;
  return {
    request: new Request(`http://localhost${pathname}`, { method: options.method ?? 'GET', headers }),
    status: 200,
    headers: new Headers({ 'Cache-Control': 'no-store' }),
    context,
    handoff: '[{"_1":2},"root"]',
    nonce: 'n0nce',
  };
}

function crossed(html: string) {
  return JSON.parse(html.slice(html.indexOf('>', html.indexOf('<script')) + 1, html.indexOf('</script>')));
}

describe('render threads', () => {
  it('write the page from what crossed, compressed as the client asks, with the headers the compression middleware would set', async () => {
    const { renderer } = start();
    await renderer.ready;
    const res = await renderer.render(page('/listings', { acceptEncoding: 'gzip, deflate, br' }));
    expect(res).not.toBeNull();
    expect(res!.status).toBe(200);
    expect(res!.headers.get('Content-Encoding')).toBe('br');
    expect(res!.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res!.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res!.headers.get('Cache-Control')).toBe('no-store');
    const body = new Uint8Array(await res!.arrayBuffer());
    expect(res!.headers.get('Content-Length')).toBe(String(body.byteLength));
    const html = brotliDecompressSync(body).toString();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(crossed(html)).toEqual({
      handoff: '[{"_1":2},"root"]',
      nonce: 'n0nce',
      loaderData: { root: { now: '2026-11-27T10:00:00.000Z', title: 'Toyota Corolla' } },
      matches: [{ params: { id: '7' }, pathname: '/listings', pathnameBase: '/listings', route: { id: 'root' } }],
      manifest: true,
      routeModules: ['root'],
      thread: expect.any(Number),
    });

    const gzip = await renderer.render(page('/listings', { acceptEncoding: 'gzip' }));
    expect(gzip!.headers.get('Content-Encoding')).toBe('gzip');
    expect(crossed(gunzipSync(new Uint8Array(await gzip!.arrayBuffer())).toString()).nonce).toBe('n0nce');
  });

  it('send the page as it is to a client that accepts no compression, and to HEAD', async () => {
    const { renderer } = start();
    await renderer.ready;
    for (const options of [{}, { acceptEncoding: 'br', method: 'HEAD' }]) {
      const res = await renderer.render(page('/listings', options));
      expect(res!.headers.get('Content-Encoding')).toBeNull();
      // Left for the compression middleware, which adds Vary to every compressible answer.
      expect(res!.headers.get('Vary')).toBeNull();
      const html = await res!.text();
      expect(res!.headers.get('Content-Length')).toBe(String(Buffer.byteLength(html)));
      expect(crossed(html).nonce).toBe('n0nce');
    }
  });

  it('hand a failed render back as its error, with the error boundary it reached', async () => {
    const { renderer } = start();
    await renderer.ready;
    const failing = page('/fails');
    const error = await renderer.render(failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('the page could not be written');
    // React Router renders the page again with the error at this boundary, as it would in process.
    expect(failing.context.staticHandlerContext._deepestRenderedBoundaryId).toBe('root');
    // The thread goes on writing pages.
    expect(await renderer.render(page('/listings'))).not.toBeNull();
  });

  it('answer null for a page they cannot take, so that it is rendered on the event loop', async () => {
    const { renderer, lines } = start();
    // Not ready yet: no thread has loaded the build.
    expect(await renderer.render(page('/listings'))).toBeNull();
    await renderer.ready;
    // Loader data that does not clone (a function) cannot cross.
    expect(await renderer.render(page('/listings', { loaderData: { root: { format: () => 'x' } } }))).toBeNull();
    // A page made with another build than the thread holds.
    expect(await renderer.render(page('/listings', { version: 'stand-in-2' }))).toBeNull();
    expect(lines.map((l) => l.msg)).toEqual([
      'page data does not cross to a render thread; rendered on the event loop',
      'render thread refused a page; rendered on the event loop',
    ]);
    expect(await renderer.render(page('/listings'))).not.toBeNull();
  });

  it('give back the pages of a thread that ends, and start another in its place', async () => {
    const { renderer, lines } = start();
    await renderer.ready;
    const [ended, other] = await Promise.all([renderer.render(page('/ends-thread')), renderer.render(page('/listings'))]);
    expect(ended).toBeNull();
    // The page queued behind it in the same thread is given back too, not lost.
    expect(other).toBeNull();
    expect(lines.some((l) => l.msg === 'render thread exited; starting another' && l.code === 3)).toBe(true);
    let res: Response | null = null;
    for (let i = 0; i < 100 && !res; i++) {
      res = await renderer.render(page('/listings'));
      if (!res) await new Promise((r) => setTimeout(r, 50));
    }
    expect(res?.status).toBe(200);
  });

  it('give up on a page not written in time: an error for it, the pages behind it to the event loop, and a new thread', async () => {
    const { renderer, lines } = start(standIn, 1, 1_000);
    await renderer.ready;
    const began = Date.now();
    const [stuck, behind] = await Promise.all([renderer.render(page('/never-ends')).catch((e: unknown) => e), renderer.render(page('/listings'))]);
    expect(stuck).toBeInstanceOf(Error);
    expect((stuck as Error).message).toBe('The page was not written within 1000 ms.');
    expect(Date.now() - began).toBeLessThan(5_000);
    // The page queued behind it in the same thread is given back to be rendered on the event loop.
    expect(behind).toBeNull();
    expect(lines.map((l) => l.msg)).toContain('page not written in time; its render thread is replaced');
    let res: Response | null = null;
    for (let i = 0; i < 100 && !res; i++) {
      res = await renderer.render(page('/listings'));
      if (!res) await new Promise((r) => setTimeout(r, 50));
    }
    expect(res?.status).toBe(200);
    expect(lines.map((l) => l.msg)).toContain('render thread exited; starting another');
  });

  it('share the pages out over several threads', async () => {
    const { renderer } = start(standIn, 2);
    await renderer.ready;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => renderer.render(page(`/listings/${i}`))));
    const threads = await Promise.all(answers.map(async (a) => crossed(await a!.text()).thread));
    expect(new Set(threads).size).toBe(2);
  });

  it('leave every page to the event loop when the build cannot be loaded', async () => {
    const { renderer, lines } = start(pathToFileURL(path.join(support, 'unloadable-build.mjs')).href);
    await renderer.ready;
    expect(await renderer.render(page('/listings'))).toBeNull();
    expect(lines.map((l) => l.msg)).toContain('render thread could not start; pages are rendered on the event loop');
  });
});
