/*
 * Soko's service worker. It runs in the browser; the server sends it at /sw.js with the build's
 * version and the list of the shell's files written above this text (server/pwa/service-worker.ts),
 * so a new build is a new worker. Why it is shaped this way: docs/decisions/service-worker.md.
 *
 * - The shell (what every page loads, and /offline) is stored on install; other /assets/ files
 *   as they are first used. Both live in the cache of their build, deleted when the next build takes over.
 * - Pages: network first; after 3 s without an answer, the stored copy if there is one.
 *   Pages of ads (/listing/:id) are kept apart, the last 20 opened, with the photos seen on them.
 * - Photos (/media/): cache first, at most 200, the least recently used go first.
 * - Never stored: anything not a plain public page (an answer marked private or no-store, which
 *   every signed-in answer is). The signed-in areas, sign-in, payments and /api
 *   (server/pwa/private-paths.ts) are not even answered: the browser fetches them as if there were no worker.
 * - Signing out empties the stored pages.
 * - Each language's pages have a worker of their own (BUILD.base: '' for English at /, '/sw' for
 *   Swahili, scoped to /sw/), with its build's shell and offline page; the stored pages, ads and
 *   photos are shared (both languages are one person's on one phone), the shells are not.
 */
const BASE = BUILD.base;
const SHELL = `${BUILD.shellPrefix}${BUILD.version}`;
const OFFLINE = `${BASE}/offline`;
const PAGES = 'soko-pages';
const ADS = 'soko-ads';
const AD_PHOTOS = 'soko-ad-photos';
const PHOTOS = 'soko-photos';
const OWN_CACHES = [SHELL, PAGES, ADS, AD_PHOTOS, PHOTOS];

const NETWORK_TIMEOUT_MS = 3000;
const MAX_PAGES = 30;
const MAX_ADS = 20;
const MAX_PHOTOS = 200;
/** The header a stored ad photo carries: the ad page it was seen on, so it leaves with its ad. */
const AD_HEADER = 'X-Soko-Ad';
const AD_PAGE = new RegExp(`^${BASE.replace(/\//g, '\\/')}\\/listing\\/[^/.]+$`);
const PRIVATE = new RegExp(BUILD.privatePattern);
const isPrivatePath = (path) => PRIVATE.test(path);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // Assets are most likely in the HTTP cache already, from the page that registered us.
      await cache.addAll(BUILD.shell);
      // /offline as a signed-out visitor sees it: a signed-in copy names the person and is never stored.
      const offline = await fetch(OFFLINE, { credentials: 'omit' });
      if (!offline.ok) throw new Error(`${OFFLINE} answered ${offline.status}`);
      await cache.put(OFFLINE, offline);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        // The other language's worker's shells are its own business.
        if (name.startsWith(BUILD.ownCaches) && !OWN_CACHES.includes(name) && !BUILD.otherShells.some((other) => name.startsWith(other))) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    // Signing out (the form or the API): the stored pages go, whatever the answer is.
    if (BUILD.signOutPaths.includes(url.pathname)) event.waitUntil(forgetPages());
    return;
  }
  // Signed-in areas, sign-in and payments are left to the browser entirely: the worker neither stores nor answers them.
  if (isPrivatePath(url.pathname) || url.pathname === `${BASE}/sw.js`) return;
  // The other language's pages belong to its worker (the English worker's scope, /, holds /sw/).
  if (BUILD.otherBases.some((other) => url.pathname === other || url.pathname.startsWith(`${other}/`))) return;
  if (url.pathname.startsWith('/assets/') || BUILD.shell.includes(url.pathname)) return event.respondWith(asset(request, url));
  if (url.pathname.startsWith('/media/')) {
    // A photo a signed-in page shows (a draft's, an ad still held, one in the moderators' queue)
    // may be public nowhere yet: it is left to the browser, like the page, and never kept.
    if (fromPrivatePage(request)) return;
    return event.respondWith(photo(event, request));
  }
  if (url.pathname.endsWith('.data')) return event.respondWith(pageData(event, request, url));
  if (request.mode === 'navigate') return event.respondWith(page(event, request, url));
});

function fromPrivatePage(request) {
  if (!request.referrer) return false;
  const referrer = new URL(request.referrer);
  return referrer.origin === self.location.origin && isPrivatePath(referrer.pathname);
}

async function forgetPages() {
  await Promise.all([PAGES, ADS, AD_PHOTOS].map((name) => caches.delete(name)));
}

/** A page to keep: a whole, public HTML answer, not a redirect. */
function storable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  if (/(^|[\s,])(no-store|private)([\s,=]|$)/i.test(response.headers.get('Cache-Control') ?? '')) return false;
  return (response.headers.get('Content-Type') ?? '').startsWith('text/html');
}

/** Build files have a hash in their name and never change: cache first, in this build's cache (the shell's other files, the icon, are fetched again with each build). */
async function asset(request, url) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // A page stored under an older build asks for that build's stylesheet: this build's fits it well enough.
    if (url.pathname.endsWith('.css') && BUILD.css) {
      const css = await cache.match(BUILD.css);
      if (css) return css;
    }
    throw error;
  }
}

/** Photos are written once under their own names (server/app.ts): cache first. The bookkeeping waits on the answer, never the reverse. */
async function photo(event, request) {
  const referrer = request.referrer ? new URL(request.referrer) : null;
  const ad = referrer && referrer.origin === self.location.origin && AD_PAGE.test(referrer.pathname) ? referrer.pathname : null;
  const kept = await caches.match(request, { cacheName: AD_PHOTOS });
  if (kept) return kept;
  const hit = await caches.match(request, { cacheName: PHOTOS });
  if (hit) {
    event.waitUntil(keepPhoto(request, hit.clone(), ad));
    return hit;
  }
  const response = await fetch(request);
  if (response.status === 200 && response.type === 'basic') event.waitUntil(keepPhoto(request, response.clone(), ad));
  return response;
}

/** Ads opened inside the app whose page is on its way to the ads' cache (pageData): their photos already count as theirs. */
const adsBeingKept = new Set();

/**
 * A photo seen on the page of an ad that is kept stays as long as the ad does. Any other (a
 * results page's, or an ad's that is not kept because its page was signed in and no-store)
 * joins the 200 most recently used, so that no cache grows without bound.
 */
async function keepPhoto(request, response, ad) {
  if (ad && (adsBeingKept.has(ad) || (await caches.match(ad, { cacheName: ADS })))) {
    const headers = new Headers(response.headers);
    headers.set(AD_HEADER, ad);
    await (await caches.open(AD_PHOTOS)).put(request, new Response(await response.blob(), { status: 200, headers }));
    await (await caches.open(PHOTOS)).delete(request);
  } else {
    await touch(PHOTOS, request, response);
    await trim(PHOTOS, MAX_PHOTOS);
  }
}

/** Moves an entry to the end of its cache's order (keys() lists entries in the order they were put). */
async function touch(cacheName, request, response) {
  const cache = await caches.open(cacheName);
  await cache.delete(request);
  await cache.put(request, response);
}

/** Drops the oldest entries beyond `max`; returns what it dropped. */
async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  const old = keys.slice(0, Math.max(0, keys.length - max));
  await Promise.all(old.map((key) => cache.delete(key)));
  return old;
}

/** Keeps a page: an ad in the ads' cache (its photos leave with it), anything else in the pages'. */
async function keep(path, response) {
  if (AD_PAGE.test(path)) {
    await touch(ADS, path, response);
    const gone = new Set((await trim(ADS, MAX_ADS)).map((key) => new URL(key.url).pathname));
    if (gone.size > 0) await forgetAdPhotos(gone);
  } else {
    await touch(PAGES, path, response);
    await trim(PAGES, MAX_PAGES);
  }
}

/** Drops the photos kept with these ads. */
async function forgetAdPhotos(ads) {
  const photos = await caches.open(AD_PHOTOS);
  for (const key of await photos.keys()) {
    const stored = await photos.match(key);
    if (stored && ads.has(stored.headers.get(AD_HEADER))) await photos.delete(key);
  }
}

async function storedPage(url) {
  const key = AD_PAGE.test(url.pathname) ? url.pathname : url.pathname + url.search;
  return (await caches.match(key, { cacheName: AD_PAGE.test(url.pathname) ? ADS : PAGES })) ?? null;
}

const offlinePage = async () => (await caches.match(OFFLINE, { cacheName: SHELL })) ?? Response.error();

/** Pages: the network's answer, else (after 3 s, or at once when the network fails) the stored copy, else /offline. */
async function page(event, request, url) {
  const path = AD_PAGE.test(url.pathname) ? url.pathname : url.pathname + url.search;
  const network = fetch(request).then(async (response) => {
    if (storable(response)) await keep(path, response.clone());
    // An ad that is gone (404, 410) is not kept as it was.
    else if (AD_PAGE.test(path) && (response.status === 404 || response.status === 410) && (await (await caches.open(ADS)).delete(path))) await forgetAdPhotos(new Set([path]));
    return response;
  });
  // Whatever happens to the answer we return, the stored copy is brought up to date.
  event.waitUntil(network.catch(() => undefined));
  const stored = storedPage(url);
  const late = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS, 'late'));
  try {
    const first = await Promise.race([network, late]);
    if (first !== 'late') return first;
    return (await stored) ?? (await network);
  } catch {
    return (await stored) ?? offlinePage();
  }
}

/**
 * The data of a page the app moves to (React Router's /<page>.data). Offline, the app is told to
 * load the page itself (a 204 with X-Remix-Redirect and X-Remix-Reload-Document, as React Router
 * answers a redirect), which page() then answers from the stored pages or with /offline. An ad
 * opened this way is stored too, as HTML: the offline list and a reload read that.
 */
async function pageData(event, request, url) {
  const pagePath = url.pathname === `${BASE}/_root.data` ? `${BASE}/` : url.pathname.slice(0, -'.data'.length);
  try {
    const response = await fetch(request);
    const cacheControl = response.headers.get('Cache-Control') ?? '';
    if (response.status === 200 && AD_PAGE.test(pagePath) && !/no-store|private/i.test(cacheControl)) {
      adsBeingKept.add(pagePath);
      event.waitUntil(
        fetch(pagePath, { credentials: 'same-origin', priority: 'low' })
          .then((html) => (storable(html) ? keep(pagePath, html) : forgetAdPhotos(new Set([pagePath]))))
          .catch(() => forgetAdPhotos(new Set([pagePath])))
          .finally(() => adsBeingKept.delete(pagePath)),
      );
    }
    return response;
  } catch {
    const params = new URLSearchParams(url.search);
    params.delete('_routes');
    const search = params.toString();
    return new Response(null, {
      status: 204,
      headers: { 'X-Remix-Redirect': search ? `${pagePath}?${search}` : pagePath, 'X-Remix-Status': '302', 'X-Remix-Reload-Document': 'true' },
    });
  }
}
