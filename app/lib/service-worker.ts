import { BASE } from '#messages/locale.ts';

/**
 * Registers the service worker (/sw.js, server/pwa/) once the page has loaded, so that neither
 * the worker nor what it stores on install competes with the page's own first requests. Inlined
 * in every page: about 130 bytes. The Swahili pages register their own, /sw/sw.js, whose scope is /sw/.
 */
export const serviceWorkerRegistration = `if("serviceWorker"in navigator)addEventListener("load",function(){navigator.serviceWorker.register("${BASE}/sw.js").catch(function(){})})`;

/** A route that sends no scripts says so in its `handle` (the offline page). */
export type ScriptsHandle = { scripts?: false };

export function withoutScripts(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as ScriptsHandle | undefined)?.scripts === false);
}
