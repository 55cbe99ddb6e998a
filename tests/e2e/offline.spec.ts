import type { BrowserContext, Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, hydrated, loginAs, menuToggle, newAccount, openMenu, postAd, signIn, test, uniqueWord } from './support';

/**
 * Issue 48 in Chromium: Soko installs (the browser's own installability check), its service
 * worker keeps the ads a person opened readable with the network cut, shows the offline page for
 * the rest, never keeps a signed-in page, forgets the stored pages on sign-out, and gives way to
 * the next build's worker. Served by the production build (server/pwa/, docs/decisions/service-worker.md).
 */
test.describe.configure({ mode: 'parallel' });

/** Waits until the worker has installed (shell stored) and controls the page. */
async function controlled(page: Page): Promise<void> {
  await hydrated(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** Every cache's name and the paths of what it holds. */
function stored(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    return out;
  });
}

/** The text of every stored page, in the caches the worker keeps pages in. */
function storedPageTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      if (name.startsWith('soko-shell-') || name.includes('photos')) continue;
      const cache = await caches.open(name);
      for (const key of await cache.keys()) texts.push(await (await cache.match(key))!.text());
    }
    return texts;
  });
}

/** Addresses of the ads on a results page. */
async function adLinks(page: Page, path = '/listings'): Promise<string[]> {
  await page.goto(path);
  const hrefs = await page.locator('main article a[href^="/listing/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  return [...new Set(hrefs)];
}

const offline = (context: BrowserContext) => context.setOffline(true);

test('installable: the manifest, its icons at their sizes, a worker that controls the page', { tag: '@one-viewport' }, async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'Soko', start_url: '/', display: 'standalone' });
  for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await res.body()).metadata();
    expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
  }
  // Registering the worker is all a first visit carries: one inline script, far under 1 kB gzip.
  const registration = (await (await page.request.get('/')).text()).match(/<script nonce="[^"]*">([^<]*serviceWorker[^<]*)<\/script>/)?.[1];
  expect(registration).toBeDefined();
  expect(gzipSync(registration!).length).toBeLessThan(200);
  await controlled(page);
  // The shell is stored on install, the stylesheet every page links included (the offline page
  // needs it with no network): this page loaded it before the worker was there to see it.
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
  expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
  const shell = Object.entries(await stored(page)).find(([name]) => name.startsWith('soko-shell-'))?.[1];
  expect(shell).toContain(stylesheet);
  expect(shell).toContain('/offline');
  // Chromium's own verdict, the one its install prompt and Lighthouse's installability audit use.
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's browser contexts are off the record, where Chromium never offers to install; nothing else may stand in the way.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('with the network cut, the ads opened are still readable and other pages show the offline page listing them', { tag: '@one-viewport' }, async ({ page, context, request }) => {
  // Ads of its own under a word no other ad has: the suite's other tests post ads all the time,
  // and would push these off a results page between one look and the next.
  const word = uniqueWord();
  for (let seller = 0; seller < 2; seller++) {
    await signIn(request, await newAccount(request));
    for (let i = 0; i < 3; i++) await postAd(request, { title: `Offline ad ${seller * 3 + i + 1} ${word}` });
  }
  const results = `/listings?search=${word}`;
  const ads = await adLinks(page, results);
  expect(ads).toHaveLength(6);
  expect(ads.length).toBeGreaterThan(4);
  await controlled(page);
  // Two ads opened as pages, one from the results inside the app (React Router fetches its data, the worker keeps its page too).
  const titles: string[] = [];
  // Each title is read once the ad's own heading shows, not the page before's: the results page's
  // heading carries the word too ("Search Results for ..."), so the ad's is matched whole.
  const adTitle = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Offline ad \\d ${word}$`));
    return (await page.getByRole('heading', { level: 1 }).textContent())!;
  };
  for (const ad of ads.slice(0, 2)) {
    await page.goto(ad);
    titles.push(await adTitle());
  }
  await page.goto(results);
  await hydrated(page);
  await page.locator(`main article a[href="${ads[2]}"]`).first().click();
  await expect(page).toHaveURL(ads[2]!);
  titles.push(await adTitle());
  await expect.poll(async () => (await stored(page))['soko-ads']?.sort()).toEqual(ads.slice(0, 3).sort());

  await offline(context);
  for (const [i, ad] of ads.slice(0, 3).entries()) {
    await page.goto(ad);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[i]!);
  }
  // An ad never opened: the offline page, at the address asked for, listing the three, the last opened first.
  await page.goto(ads[4]!);
  expect(new URL(page.url()).pathname).toBe(ads[4]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await expect(page.locator('#recent-status')).toHaveText('Ads you opened recently, saved on this phone:');
  await expect(page.locator('#recent-ads li')).toHaveCount(3);
  await expect(page.locator('#recent-ads a')).toHaveText([titles[2]!, titles[1]!, titles[0]!].map((t) => new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
  await page.locator('#recent-ads a').nth(1).click();
  await expect(page).toHaveURL(ads[1]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[1]!);
  // Moving inside the app to a page it has no copy of: the app loads it as a page, and that is the offline page.
  await page.goto(results);
  await hydrated(page);
  await page.locator(`main article a[href="${ads[5]}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');

  await context.setOffline(false);
  await page.goto(ads[4]!);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('You are offline');
});

test('a page the network is slow to send is answered from the stored copy after 3 s', { tag: '@one-viewport' }, async ({ page, context }) => {
  const ads = await adLinks(page);
  await controlled(page);
  await page.goto(ads[0]!);
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  await expect.poll(async () => (await stored(page))['soko-ads']).toEqual([ads[0]]);
  // The worker's own request for the page is held for 8 s (context.route sees a service worker's requests).
  await context.route(`**${ads[0]}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8000));
    await route.continue().catch(() => undefined);
  });
  const started = Date.now();
  await page.goto(ads[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
  const took = Date.now() - started;
  expect(took).toBeGreaterThan(2900);
  expect(took).toBeLessThan(6000);
});

test('the last 20 ads opened are kept, the oldest leaves first', { tag: '@one-viewport' }, async ({ page }) => {
  const ads = (await adLinks(page)).slice(0, 21);
  expect(ads).toHaveLength(21);
  await controlled(page);
  for (const ad of ads) {
    await page.goto(ad, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The first one opened again moves to the end.
  await page.goto(ads[1]!);
  await expect.poll(async () => (await stored(page))['soko-ads']).toEqual([...ads.slice(2), ads[1]]);
});

test('the photos of an ad opened are kept with it and shown offline', { tag: ['@images', '@one-viewport'] }, async ({ page, context }) => {
  const ads = await adLinks(page);
  await controlled(page);
  await page.goto(ads[0]!);
  const photo = page.locator('main img').first();
  await expect(photo).toHaveJSProperty('complete', true);
  await expect.poll(async () => (await stored(page))['soko-ad-photos']?.length ?? 0).toBeGreaterThan(0);
  await offline(context);
  await page.goto(ads[0]!);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // And on the offline page's list.
  await page.goto('/offline-nowhere');
  await expect(page.locator('#recent-ads img')).toHaveCount(1);
  await expect.poll(() => page.locator('#recent-ads img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('no signed-in page is ever stored, and signing out empties the stored pages', { tag: '@one-viewport' }, async ({ page, request }) => {
  const account = await newAccount(request, { firstName: 'Nyambura' });
  const ads = await adLinks(page);
  await controlled(page);
  // Signed out: a public ad page is kept.
  await page.goto(ads[0]!);
  await expect.poll(async () => (await stored(page))['soko-ads']).toEqual([ads[0]]);

  await loginAs(page, account.email, account.password);
  for (const path of ['/my-details', '/manage-ads', '/favourites', '/my-alerts', '/post-ad', ads[1]!, '/listings', '/']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toContainText(account.firstName);
  }
  // Photos: one a signed-in page shows (here Manage ads; a draft's or a held ad's may be public
  // nowhere) is never kept; one seen on an ad read signed in (a page not kept) joins the 200
  // most recently used photos, not those kept with stored ads, which only leave with their ad.
  // This browser loads no photos by itself: the page asks for them as an <img> would.
  const own = await postAd(page.request, { title: `Photo ${uniqueWord()}` }, 2);
  const { images } = (await (await page.request.get(`/api/listings/${own._id}`)).json()) as { images: string[] };
  const load = (src: string) => page.evaluate((s) => fetch(s).then((r) => r.blob().then(() => r.status)), src);
  await page.goto('/manage-ads');
  expect(await load(images[0]!)).toBe(200);
  await page.goto(`/listing/${own._id}`);
  expect(new URL(page.url()).pathname).toBe(`/listing/${own._id}`);
  expect(await load(images[1]!)).toBe(200);
  await expect.poll(async () => (await stored(page))['soko-photos'] ?? []).toContain(images[1]);
  const all = await stored(page);
  expect(Object.values(all).flat()).not.toContain(images[0]);
  expect(all['soko-ad-photos'] ?? []).toEqual([]);
  const paths = Object.entries(all).filter(([name]) => !name.startsWith('soko-shell-')).flatMap(([, keys]) => keys);
  expect(paths.filter((p) => !p.startsWith('/media/'))).toEqual([ads[0]]);
  for (const text of await storedPageTexts(page)) {
    expect(text).not.toContain(account.email);
    expect(text).not.toContain(account.firstName);
  }

  await hydrated(page);
  if (await menuToggle(page).isVisible()) {
    await openMenu(page);
    await page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.locator('header summary', { hasText: 'Hi,' }).click();
    await page.locator('header details:has(summary:text("Hi,"))').getByRole('button', { name: 'Logout' }).click();
  }
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'soko_session')).toBe(false);
  // The ad kept before signing in is gone with the rest; at most the home page the logout lands on, signed out, is kept again.
  await expect.poll(async () => (await stored(page))['soko-ads'] ?? []).toEqual([]);
  expect(((await stored(page))['soko-pages'] ?? []).filter((p) => p !== '/')).toEqual([]);
  for (const text of await storedPageTexts(page)) expect(text).not.toContain(account.firstName);
});

/**
 * A deploy changes the build's version, so /sw.js becomes another script, which the browser
 * installs at the next navigation. Playwright cannot rewrite the worker's own script as the
 * browser fetches it, so the test leaves a cache as an older build would have named it and
 * installs the worker again under another address of the same script, which is what the browser
 * does with a changed one: install, take over at once, delete every cache that is not its own.
 */
test('a new worker takes over without waiting and deletes the caches of older builds', { tag: '@one-viewport' }, async ({ page }) => {
  const ads = await adLinks(page);
  await controlled(page);
  await page.goto(ads[0]!);
  await hydrated(page);
  const shell = Object.keys(await stored(page)).filter((n) => n.startsWith('soko-shell-'));
  expect(shell).toHaveLength(1);
  const first = await page.evaluate(async () => {
    await (await caches.open('soko-shell-an-older-build')).put('/assets/old.js', new Response('old'));
    return navigator.serviceWorker.controller!.scriptURL;
  });
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next'));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).not.toBe(first);
  // The page is handed to the new worker as it activates, before its activate handler has deleted
  // anything; stored() opens each cache it lists, and opening one just deleted makes it again. So
  // only the caches' names are polled, and the caches are read once the old one is gone.
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('soko-shell-')))).toEqual(shell);
  // The ads kept for reading offline stay.
  expect((await stored(page))['soko-ads']).toContain(ads[0]);
});

test('a repeat visit to /listings on a cold network transfers only the page: every script and stylesheet comes from the worker', { tag: '@one-viewport' }, async ({ page, context }) => {
  await page.goto('/listings');
  await controlled(page);
  // Route modules the results load later (filters, cards) are stored as they are first used.
  await page.reload();
  await hydrated(page);
  // Cold: the browser's HTTP cache answers nothing (DevTools' "Disable cache"), so whatever does
  // not come from the worker's caches has to cross the network.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const received = new Map<string, { type: string; path: string; fromWorker: boolean }>();
  cdp.on('Network.responseReceived', (e) => received.set(e.requestId, { type: e.type, path: new URL(e.response.url).pathname, fromWorker: !!e.response.fromServiceWorker }));
  // What the worker itself sends to the network, with the bytes that crossed it.
  const network: Array<Promise<{ path: string; type: string; bytes: number }>> = [];
  context.on('requestfinished', (r) => {
    if (!r.serviceWorker()) return;
    network.push(r.sizes().then((s) => ({ path: new URL(r.url()).pathname, type: r.resourceType(), bytes: s.responseHeadersSize + s.responseBodySize })));
  });
  await page.goto('/listings');
  await hydrated(page);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const byType = new Map<string, { files: number; fromWorker: number }>();
  for (const r of received.values()) {
    const t = byType.get(r.type) ?? { files: 0, fromWorker: 0 };
    byType.set(r.type, { files: t.files + 1, fromWorker: t.fromWorker + (r.fromWorker ? 1 : 0) });
  }
  const sent = (await Promise.all(network)).filter((r) => r.path !== '/sw.js');
  const direct = [...received.values()].filter((r) => !r.fromWorker).map((r) => `${r.path} (${r.type})`);
  console.log(`repeat visit to /listings: ${[...byType].map(([type, t]) => `${type} ${t.fromWorker}/${t.files} from the worker`).join(', ')}; not through the worker: ${direct.join(', ') || 'nothing'}; the worker sent to the network: ${sent.map((r) => `${r.path} (${r.type}) ${r.bytes} B`).join(', ')}`);
  const assets = [...received.values()].filter((r) => r.type === 'Script' || r.type === 'Stylesheet');
  expect(assets.filter((r) => r.type === 'Script').length).toBeGreaterThan(3);
  expect(assets.filter((r) => r.type === 'Stylesheet').length).toBeGreaterThan(0);
  expect(assets.filter((r) => !r.fromWorker)).toEqual([]);
  // Nor anything else the page asks for (the icon).
  expect(direct).toEqual([]);
  // What crossed the network: the page only (photos are off in this browser; a new one would be fetched once).
  expect(sent.map((r) => r.path)).toEqual(['/listings']);
});

test.describe('the offline page', () => {
  // axe is injected as an inline script (tests/e2e/a11y.ts).
  test.use({ bypassCSP: true });
  test('has no accessibility violations, light or dark, with an ad listed', { tag: '@one-viewport' }, async ({ page }) => {
    const ads = await adLinks(page);
    await controlled(page);
    await page.goto(ads[0]!);
    await expect.poll(async () => (await stored(page))['soko-ads']).toEqual([ads[0]]);
    await page.goto('/offline');
    await expect(page.locator('#recent-ads li')).toHaveCount(1);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await expectNoSeriousA11yViolations(page, { failOn: 'all' });
    }
  });
});
