import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { ServerRouter, type EntryContext, type ServerBuild } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageRouterProps } from '../../app/server-router.tsx';
import { createApp } from '../../server/app.ts';
import { buildIfStale } from '../../scripts/build-if-stale.ts';
import { TEST_ORIGIN, createTestApp } from '../support/app.ts';
import { sellerWithAd } from './listings-support.ts';

/**
 * Pages are written by our own router (app/server-router.tsx), which builds the route tree once
 * per build where React Router's `<ServerRouter>` builds it for every page, and leans on what
 * React Router does inside it to do so. Here every kind of page is written both ways, from the
 * same request, and must come out the same, byte for byte but for each answer's own nonce: a
 * React Router upgrade that changes what its router writes fails here. Uses the built app in the
 * browser tests' folder, building it first when its sources changed (scripts/build-if-stale.ts).
 */
const root = path.resolve(import.meta.dirname, '../..');
const buildDir = path.join(root, process.env.E2E_BUILD_DIR ?? 'build-e2e');

type RenderDocument = (context: EntryContext, handoff: string | null, nonce: string, Router?: ComponentType<PageRouterProps>) => string;

/**
 * React Router's own router, given the loader data read whole as the page router is: the
 * stream's one chunk settled in its cache, so that it renders without suspending, as
 * `renderToString` needs.
 */
function ReactRoutersOwn({ context, nonce, handoff }: PageRouterProps) {
  if (handoff !== null) {
    const meta = (context.renderMeta ??= {}) as { streamCache?: Record<number, unknown> };
    meta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value: handoff } }) };
  }
  const { pathname, search } = context.staticHandlerContext.location;
  return createElement(ServerRouter, { context, url: `${TEST_ORIGIN}${pathname}${search}`, nonce });
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let ours: ReturnType<typeof createApp>;
let reactRouters: ReturnType<typeof createApp>;
const rendered = { ours: 0, reactRouters: 0 };
let cookie: string;
let adId: string;

beforeAll(async () => {
  buildIfStale(root, buildDir);
  const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
  const entry = build.entry.module as ServerBuild['entry']['module'] & { renderDocument: RenderDocument };
  // The build's own handleRequest, up to the loader data; then its renderDocument, with the
  // router given (undefined: its default, the page router), where a render thread would write it.
  const withRouter = (Router: ComponentType<PageRouterProps> | undefined, counter: keyof typeof rendered): ServerBuild => ({
    ...build,
    entry: {
      module: {
        ...entry,
        default: (request, status, headers, context, loadContext) =>
          entry.default(request, status, headers, context, {
            ...loadContext,
            renderPage: async (p: { status: number; headers: Headers; context: EntryContext; handoff: string | null; nonce: string }) => {
              rendered[counter]++;
              p.headers.set('Content-Type', 'text/html; charset=utf-8');
              return new Response(entry.renderDocument(p.context, p.handoff, p.nonce, Router), { status: p.status, headers: p.headers });
            },
          } as typeof loadContext),
      },
    },
  });
  t = await createTestApp();
  ours = createApp(t.services, { getBuild: async () => withRouter(undefined, 'ours') });
  reactRouters = createApp(t.services, { getBuild: async () => withRouter(ReactRoutersOwn, 'reactRouters') });
  ({ cookie, adId } = await sellerWithAd(t, 'Achieng', 'Odhiambo', 'Samsung Galaxy A54, 128GB <boxed>'));
}, 240_000);

afterAll(async () => {
  await t?.close();
});

async function page(app: ReturnType<typeof createApp>, pathname: string, init: { signedIn?: boolean; form?: Record<string, string> } = {}) {
  const device = t.deviceCookie('serverrouter-device-01');
  const headers: Record<string, string> = { Cookie: init.signedIn ? `${device}; ${cookie}` : device };
  const request = init.form
    ? new Request(`${TEST_ORIGIN}${pathname}`, {
        method: 'POST',
        body: new URLSearchParams(init.form),
        headers: { ...headers, Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      })
    : new Request(`${TEST_ORIGIN}${pathname}`, { headers });
  const res = await app.request(request);
  const html = await res.text();
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(nonce).not.toBe('');
  return { status: res.status, html: html.replaceAll(nonce, 'NONCE') };
}

describe('the page router', () => {
  // The loader data holds the loaders' clocks ("now"): with the clock stopped, both answers hold
  // the same, and turbo-stream writes the same (it writes a value once, and two loaders' clocks
  // that fall in the same millisecond as one).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['the home page', '/', {}, 200],
    ['search results', '/listings?search=samsung&sort=price_asc', {}, 200],
    ['search results, signed in', '/listings?search=galaxy', { signedIn: true }, 200],
    ['a category', '/category/electronics', {}, 200],
    ['an ad', () => `/listing/${adId}`, {}, 200],
    ['a page that does not exist', '/no-such-page', {}, 404],
    ['an ad that does not exist', '/listing/00000000-0000-0000-0000-000000000000', {}, 404],
    ['the seller’s own ads, signed in', '/manage-ads', { signedIn: true }, 200],
    ['a form sent back with its errors (action data)', '/auth/login', { form: { email: 'nobody@example.com', password: 'wrong-password-1' } }, 401],
  ] as const)('writes what React Router’s own writes: %s', async (_, where, init, status) => {
    const pathname = typeof where === 'function' ? where() : where;
    const before = { ...rendered };
    const mine = await page(ours, pathname, init);
    const theirs = await page(reactRouters, pathname, init);
    expect(rendered.ours).toBe(before.ours + 1);
    expect(rendered.reactRouters).toBe(before.reactRouters + 1);
    expect(mine.status).toBe(status);
    expect(theirs.status).toBe(status);
    expect(mine.html).toBe(theirs.html);
  });
});
