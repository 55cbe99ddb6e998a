import fs from 'node:fs';
import type { ServerBuild } from 'react-router';
import { privatePathPattern, signOutPaths } from './private-paths.ts';
import { SWAHILI_BASENAME } from '#kernel/i18n/locales.ts';

/** The route whose page the worker stores on install and answers with when a page cannot be had. */
export const OFFLINE_ROUTE_ID = 'routes/offline';

const SOURCE = fs.readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');

type Build = Pick<ServerBuild, 'assets' | 'routes'>;

/**
 * The stylesheets every page links: the root layout's `links` (app/root.tsx links its stylesheet
 * by address, `?url`, so that it leads the head; the assets manifest then does not list it).
 */
export function shellStylesheets(build: Build): string[] {
  const links = build.routes.root?.module.links?.() ?? [];
  return links.flatMap((l) => ('rel' in l && l.rel === 'stylesheet' && typeof l.href === 'string' ? [l.href] : []));
}

/** Files of public/ that every page asks for (app/root.tsx): without them in the shell, a repeat visit with a cold HTTP cache crosses the network for them. */
export const SHELL_PUBLIC_FILES = ['/favicon.svg'];

/**
 * What the worker stores on install: the files every page loads (React Router's entry and route
 * manifest, the root layout's script and stylesheet, the icon) and those of the offline page.
 * Taken from the build's own manifest, so they are the names this build gave them.
 */
export function shellAssets(build: Build): string[] {
  const { assets } = build;
  const files = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports, ...shellStylesheets(build), ...SHELL_PUBLIC_FILES]);
  for (const id of ['root', OFFLINE_ROUTE_ID]) {
    const route = assets.routes[id];
    if (!route) continue;
    files.add(route.module);
    for (const f of [...(route.imports ?? []), ...(route.css ?? [])]) files.add(f);
  }
  return [...files];
}

/**
 * The worker's script for a build: its version names the worker's caches, so a new build is a
 * byte-different worker, which the browser installs on the next navigation, and whose
 * activation deletes the old build's caches. The Swahili build's worker (its basename '/sw',
 * served at /sw/sw.js, so scoped to /sw/) has a shell cache of its own, `soko-shell-sw-…`, which
 * the English worker leaves alone as the Swahili one leaves the English shells; the English
 * worker leaves /sw/ to it. Stored pages, ads and photos are shared by both.
 */
export function serviceWorkerScript(build: Build & { basename?: string }): string {
  const { assets } = build;
  const base = build.basename?.replace(/\/$/, '') ?? '';
  const worker = {
    version: assets.version,
    shell: shellAssets(build),
    css: shellStylesheets(build)[0] ?? assets.routes.root?.css?.[0] ?? null,
    privatePattern: privatePathPattern(base),
    signOutPaths: signOutPaths(base),
    base,
    shellPrefix: base ? 'soko-shell-sw-' : 'soko-shell-',
    // The caches this worker may delete when they are not its own, and the other language's among them.
    ownCaches: base ? 'soko-shell-sw-' : 'soko-',
    otherShells: base ? [] : ['soko-shell-sw-'],
    otherBases: base ? [] : [SWAHILI_BASENAME],
  };
  return `const BUILD = ${JSON.stringify(worker)};\n${SOURCE}`;
}
