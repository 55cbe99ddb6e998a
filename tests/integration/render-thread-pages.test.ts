import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { startPageRenderer, type PageRenderer } from '../../server/render/page-renderer.ts';
import { buildIfStale } from '../../scripts/build-if-stale.ts';
import { TEST_ORIGIN, createTestApp } from '../support/app.ts';
import { sellerWithAd } from './listings-support.ts';

/**
 * The real pages written in a render thread (npm start's default) against the same pages
 * written on the event loop: the same HTML, byte for byte but for each answer's own nonce, and
 * really from the thread (a thread that cannot render falls back to the event loop silently, so
 * the browser tests alone would not notice). Uses the built app in the browser tests' folder,
 * building it first when its sources changed (scripts/build-if-stale.ts).
 */
const root = path.resolve(import.meta.dirname, '../..');
const buildDir = path.join(root, process.env.E2E_BUILD_DIR ?? 'build-e2e');

let t: Awaited<ReturnType<typeof createTestApp>>;
let renderer: PageRenderer;
let inThread: ReturnType<typeof createApp>;
let onEventLoop: ReturnType<typeof createApp>;
let threadAnswers = 0;
let cookie: string;
let adId: string;

beforeAll(async () => {
  buildIfStale(root, buildDir);
  const buildUrl = pathToFileURL(path.join(buildDir, 'server', 'index.js')).href;
  const build = (await import(buildUrl)) as ServerBuild;
  t = await createTestApp();
  renderer = startPageRenderer({ buildUrl, threads: 1, logger: t.services.logger });
  await renderer.ready;
  const counted: PageRenderer = {
    ...renderer,
    render: async (page) => {
      const answer = await renderer.render(page);
      if (answer) threadAnswers++;
      return answer;
    },
  };
  inThread = createApp(t.services, { getBuild: async () => build, pageRenderer: counted });
  onEventLoop = createApp(t.services, { getBuild: async () => build });
  ({ cookie, adId } = await sellerWithAd(t, 'Wanjiru', 'Kamau', 'Toyota Axio 2016, clean'));
}, 240_000);

afterAll(async () => {
  await renderer?.close();
  await t?.close();
});

async function page(app: ReturnType<typeof createApp>, pathname: string, signedIn: boolean) {
  // One device for both answers: an ad counts one view a device, so both show the same count.
  const device = t.deviceCookie('renderthread-device-01');
  const res = await app.request(`${TEST_ORIGIN}${pathname}`, { headers: { 'Accept-Encoding': 'br', Cookie: signedIn ? `${device}; ${cookie}` : device } });
  expect(res.headers.get('Content-Encoding')).toBe('br');
  expect(res.headers.get('Vary')).toContain('Accept-Encoding');
  const html = brotliDecompressSync(new Uint8Array(await res.arrayBuffer())).toString();
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(nonce).not.toBe('');
  // The loader data is made on the main thread and handed over as it is; it holds the loaders'
  // clocks ("now"), which differ between two answers, so it is compared apart from the HTML.
  const data = /streamController\.enqueue\((".*?")\);<\/script>/.exec(html)?.[1];
  expect(data).toBeDefined();
  return { status: res.status, html: html.replaceAll(nonce, 'NONCE').replace(data!, 'DATA'), data: JSON.parse(data!) as string };
}

/** The loader data's values in the order they come, without turbo-stream's indices and with every time stamp the same. */
function values(data: string): unknown[] {
  return (JSON.parse(data) as unknown[]).filter((v) => typeof v !== 'object' || v === null).map((v) => (typeof v === 'number' && v > 1e12 ? 'TIME' : v));
}

describe('pages written in a render thread', () => {
  it.each([
    ['the home page', '/', false],
    ['search results', '/listings?search=toyota&sort=price_asc', false],
    ['an ad', () => `/listing/${adId}`, false],
    ['a page that does not exist', '/no-such-page', false],
    ['an ad that does not exist', '/listing/00000000-0000-0000-0000-000000000000', false],
    ['the seller’s own ads, signed in', '/manage-ads', true],
    ['search results, signed in', '/listings?search=axio', true],
  ] as const)('are the pages the event loop writes: %s', async (_, where, signedIn) => {
    const pathname = typeof where === 'function' ? where() : where;
    const before = threadAnswers;
    const threaded = await page(inThread, pathname, signedIn);
    expect(threadAnswers).toBe(before + 1);
    const local = await page(onEventLoop, pathname, signedIn);
    expect(threaded.status).toBe(local.status);
    expect(threaded.html).toBe(local.html);
    expect(new Set(values(threaded.data))).toEqual(new Set(values(local.data)));
  });
});
