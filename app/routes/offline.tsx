import { pageMeta } from '~/components/help/meta';
import { useNonce } from '~/lib/nonce';
import type { ScriptsHandle } from '~/lib/service-worker';
import { offlineDescription, offlineNoScript, offlineText, offlineTitle, recentAds, recentAdsNone, recentAdsSaved, recentAdsUnsupported, tryAgain } from '#messages/system.ts';
import type { Route } from './+types/offline';

/**
 * What the service worker (server/pwa/service-worker.js) shows when a page cannot be loaded and
 * it has no copy of it: stored on install, shown at the address that failed. So it sends no
 * scripts to hydrate (React Router would take it for the page of that address); its one inline
 * script lists the ads kept for reading offline, from the worker's caches.
 */
export const handle: ScriptsHandle = { scripts: false };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, offlineTitle, offlineDescription, { noindex: true });

/**
 * The worker keeps the last 20 ad pages in "soko-ads" (oldest first) and the photos seen on them
 * in "soko-ad-photos", each marked with its ad's address (X-Soko-Ad). Titles and prices are read
 * from the stored pages; text goes in as text, never as HTML. The catalog's texts go in single
 * quotes: they contain none.
 */
const listRecentAds = `(async function(){
var list=document.getElementById('recent-ads'),status=document.getElementById('recent-status');
document.getElementById('retry').href=location.href;
try{
if(!('caches'in window))throw 0;
var ads=await caches.open('soko-ads'),keys=(await ads.keys()).reverse();
var photos=await caches.open('soko-ad-photos'),photoOf={};
for(var k of await photos.keys()){var r=await photos.match(k),ad=r&&r.headers.get('X-Soko-Ad');if(ad&&!photoOf[ad])photoOf[ad]=k.url}
for(var key of keys){
var res=await ads.match(key);if(!res)continue;
var doc=new DOMParser().parseFromString(await res.text(),'text/html');
var path=new URL(key.url).pathname,h1=doc.querySelector('main h1'),price=doc.querySelector('[data-testid=listing-price]');
var li=document.createElement('li');li.className='card flex items-center gap-3 p-3';
var a=document.createElement('a');a.href=path;a.className='flex flex-1 items-center gap-3 font-semibold text-brand-700 hover:underline dark:text-brand-100';
if(photoOf[path]){var img=document.createElement('img');img.src=photoOf[path];img.alt='';img.width=64;img.height=48;img.className='h-12 w-16 rounded object-cover';a.append(img)}
var t=document.createElement('span');t.textContent=h1?h1.textContent:path;a.append(t);li.append(a);
if(price){var p=document.createElement('span');p.className='text-sm text-gray-700 dark:text-gray-300';p.textContent=price.textContent;li.append(p)}
list.append(li)}
status.textContent=list.children.length?'${recentAdsSaved}':'${recentAdsNone}';
}catch(e){status.textContent='${recentAdsUnsupported}'}
})()`;

export default function Offline() {
  const nonce = useNonce();
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold">{offlineTitle}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{offlineText}</p>
      <p className="mt-4">
        <a id="retry" href="/" className="btn-primary">{tryAgain}</a>
      </p>
      <h2 className="mt-8 text-lg font-semibold">{recentAds}</h2>
      <p id="recent-status" className="mt-1 text-sm text-gray-700 dark:text-gray-300" aria-live="polite" />
      <noscript>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{offlineNoScript}</p>
      </noscript>
      <ul id="recent-ads" className="mt-3 space-y-2" />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: listRecentAds }} />
    </section>
  );
}
