import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * The app keeps one React Router handler per build (server/app.ts): the same build serves every
 * request with the route tables it derived once, and a new build (the dev server's rebuild) is
 * served from the next request on.
 */
let t: TestApp;
let build: ServerBuild;

beforeAll(async () => {
  t = await createTestApp();
  build = await (await loadPageBuild()).getBuild();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The build with the 404 page's component replaced: what a rebuild after an edit hands back. */
function rebuiltWith(text: string | (() => never)): ServerBuild {
  const id = 'routes/not-found';
  const route = build.routes[id]!;
  const module = { ...route.module, default: typeof text === 'function' ? text : () => text } as unknown as typeof route.module;
  return { ...build, routes: { ...build.routes, [id]: { ...route, module } } };
}

it('serves many requests from one build, and the next build from the request after it arrives', async () => {
  let current = build;
  const app = createApp(t.services, { getBuild: async () => current });
  const notFound = async () => {
    const res = await app.request(`${TEST_ORIGIN}/no-such-page-here`);
    expect(res.status).toBe(404);
    return res.text();
  };
  const HEADING = '404: Not Found</h1>';
  for (let i = 0; i < 3; i++) expect(await notFound()).toContain(HEADING);

  current = rebuiltWith('Edited after the rebuild');
  const edited = await notFound();
  expect(edited).toContain('Edited after the rebuild');
  expect(edited).not.toContain(HEADING);

  current = build;
  expect(await notFound()).toContain(HEADING);
});

/**
 * Loaders get the request as it came (future.v8_passThroughRequests): a navigation in the app asks
 * for a page's data at /that-page.data, with React Router's own parameters. What a loader does
 * with the page's address (its query, the way back after signing in) reads the `url` argument.
 */
it('answers a navigation’s data request with the page’s address, not the data request’s', async () => {
  const app = createApp(t.services, { getBuild: async () => build });
  const data = async (path: string) => {
    const res = await app.request(`${TEST_ORIGIN}${path}`);
    return { status: res.status, body: await res.text() };
  };

  const signedOut = await data('/manage-ads.data?tab=expired');
  expect(signedOut.status).toBe(202);
  expect(signedOut.body).toContain('"redirect","/auth/login?redirectTo=%2Fmanage-ads%3Ftab%3Dexpired"');
  expect(signedOut.body).not.toContain('.data');

  const results = await data('/listings.data?search=corolla&sort=price_asc&index&_routes=listings');
  expect(results.status).toBe(200);
  expect(results.body).toContain('"search","corolla"');
  expect(results.body).toContain('"sort","price_asc"');

  const login = await data('/auth/login.data?redirectTo=%2Fpost-ad');
  expect(login.body).toContain('"redirectTo","/post-ad"');
});

/**
 * A component that throws while React writes the page (app/entry.server.tsx's onShellError):
 * React Router renders the root's error page instead, answered whole with status 500.
 */
it('answers a page whose component throws while rendering with the error page, status 500', async () => {
  const app = createApp(t.services, {
    getBuild: async () =>
      rebuiltWith(() => {
        throw new Error('broken component');
      }),
  });
  const res = await app.request(`${TEST_ORIGIN}/no-such-page-here`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(res.status).toBe(500);
  const page = await res.text();
  expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(page));
  expect(page).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
  expect(page).toContain('Something went wrong on our side. Please try again.');
  expect(page).not.toContain('broken component');
});
