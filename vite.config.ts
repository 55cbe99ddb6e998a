import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const SERVER_DIR = fileURLToPath(new URL('./server/', import.meta.url));

/**
 * Server code never reaches the browser: the client build fails when a module under server/
 * (or a *.server.ts file, React Router's convention) becomes part of it. Route loaders and
 * actions may import server/, because React Router removes them, and what only they import,
 * from the client build; anything else that pulls server code in stops the build here.
 */
function serverOnlyGuard(): Plugin {
  return {
    name: 'soko:server-only-guard',
    enforce: 'pre',
    load(id) {
      if (this.environment?.name !== 'client') return null;
      const file = id.split('?')[0]!;
      if (file.startsWith(SERVER_DIR) || /\.server\.[cm]?[jt]sx?$/.test(file)) {
        this.error(`Server-only module ${file.slice(SERVER_DIR.length - 'server/'.length)} would end up in the browser bundle. Import it only from a route loader or action.`);
      }
      return null;
    },
  };
}

/**
 * Scripts and stylesheets of the browser build are compressed once here, at the strongest
 * settings (brotli 11, gzip 9), and the server sends the .br or .gz file as it is
 * (server/app.ts): smaller than compressing on every request, and no work per request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'soko:precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment?.name !== 'client' || !options.dir) return;
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = path.join(options.dir, name);
        const data = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * React Router's package exports only its development build, whose one difference is that its
 * development warnings are on (ENABLE_DEV_WARNINGS). The browser gets the production build it
 * also ships: the warnings' text is not sent to phones. The server keeps the package as it is,
 * so it and @react-router/node share one copy.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));
  const files: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
  return {
    name: 'soko:react-router-production',
    enforce: 'pre',
    apply: 'build',
    resolveId(source) {
      if (this.environment?.name !== 'client' || !(source in files)) return null;
      return path.join(dist, files[source]!);
    },
  };
}

/**
 * React Router's browser code without what only developer tools read. Its production build
 * names each context and component (`X.displayName = "..."`, a plain assignment at the top of
 * the module) and creates them with calls the bundler cannot know to be pure (React is
 * CommonJS): so every one of them, and whatever it uses, stays in the bundle even when the app
 * never uses it (NavLink, HistoryRouter, Await's context...). Without the names, and with those
 * calls marked pure, tree shaking drops the unused ones. Nothing else changes: React only reads
 * displayName for warnings and developer tools. 0.6 kB gzip less on every route.
 */
function reactRouterWithoutDevNames(): Plugin {
  const dist = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));
  return {
    name: 'soko:react-router-without-dev-names',
    apply: 'build',
    transform: {
      filter: { id: /react-router\/dist\/production\/.*\.mjs$/ },
      handler(code, id) {
        if (this.environment?.name !== 'client' || !id.startsWith(dist)) return null;
        return {
          code: code
            .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
            .replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2'),
          map: null,
        };
      },
    },
  };
}

/**
 * Code loaded on a tap (import()) is fetched as it is. Vite wraps each import() in a helper that
 * first preloads the chunk's own imports and CSS, 0.7 KB gzip on every page that has one, more than
 * most of what those imports load; with module preloading off it has nothing to preload, so the
 * browser gets the one line that is left.
 */
function plainDynamicImport(): Plugin {
  const id = '\0vite/preload-helper.js';
  return {
    name: 'soko:plain-dynamic-import',
    enforce: 'pre',
    apply: 'build',
    load: {
      filter: { id: new RegExp(`^${id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) },
      handler() {
        return 'export const __vitePreload = (load) => load();';
      },
    },
  };
}

/**
 * The browser runs Preact (preact/compat) where the app and React Router import React: React DOM
 * and React are about 67 kB gzip of every page, Preact about 12. The server still renders with
 * React (entry.server.tsx), and the browser hydrates that HTML with Preact (app/preact/client.ts
 * explains the two differences it handles). Build only: `npm run dev` keeps React and its fast
 * refresh.
 */
function preactInTheBrowser(): Plugin {
  const preact = fileURLToPath(new URL('./node_modules/preact/', import.meta.url));
  const files: Record<string, string> = {
    react: path.join(preact, 'compat/dist/compat.mjs'),
    'react-dom': path.join(preact, 'compat/dist/compat.mjs'),
    'react/jsx-runtime': path.join(preact, 'compat/jsx-runtime.mjs'),
    'react/jsx-dev-runtime': path.join(preact, 'compat/jsx-runtime.mjs'),
    'react-dom/client': fileURLToPath(new URL('./app/preact/client.ts', import.meta.url)),
  };
  return {
    name: 'soko:preact-in-the-browser',
    enforce: 'pre',
    apply: 'build',
    resolveId(source) {
      if (this.environment?.name !== 'client' || !(source in files)) return null;
      return files[source]!;
    },
  };
}

/** What every page runs: the frameworks and the root layout (app/root.tsx and what only it uses). */
const SHELL_MODULES = /node_modules\/(react|react-dom|scheduler|react-router|preact)\/|\/app\/(preact\/client\.ts|root\.tsx|components\/(Header|Footer|Logo|ThemeSwitcher|Toaster|NotFound)\.tsx|components\/help\/meta\.ts|lib\/(toast|use-now|categories|nonce|theme|seo|format|money|html)\.ts)/;

/**
 * /listings asked for 15 scripts before it could come alive, most under 1 KB; on a phone's few
 * connections (HTTP/1.1: 6 per host) they queued behind each other and ahead of the first
 * photos. What pages share is grouped by what a page shows instead: ad cards (home, results,
 * seller pages, the ad page, saved ads), the results' filters (and how the results read their
 * cards), and the long fixed lists (subcategories, counties and towns) that the filters and the
 * ad form both use. /listings now loads 7 scripts: Lighthouse 97-98 in 5 runs against 94-97
 * (docs/page-weight.md), for 0.2 to 6 kB more gzip on some routes. The shell takes the few tiny
 * modules nearly every page uses.
 */
const CARD_MODULES = /\/app\/(components\/(listings\/(ListingCard|ListingGrid|Pagination|ResponsiveImage|FeaturedBadge|SaveButton)\.tsx|JsonLd\.tsx)|lib\/(structured-data|dates|card-images)\.ts)/;
const CHOICE_MODULES = /\/app\/(components\/OptionsSelect\.tsx|lib\/(subcategories|kenya-locations)\.ts)/;
const FILTER_MODULES = /\/app\/components\/listings\/(SaveSearchButton|BrowseFilters|CategoryFilter|browse)\.tsx?|\/app\/lib\/(saved-search-rules|json-text|use-json-text)\.ts/;

export default defineConfig({
  plugins: [serverOnlyGuard(), plainDynamicImport(), preactInTheBrowser(), reactRouterProductionBuild(), reactRouterWithoutDevNames(), tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        // Code loaded on a tap (import()) is fetched as it is: Vite's preloading helper costs every
        // page that has such an import about 0.7 KB gzip, more than most of what it loads.
        modulePreload: false,
        rolldownOptions: {
          output: {
            // Every page loads React, React Router and the root layout: as one file they compress
            // better than as the eight small ones the default splitting makes (1.8 KB less gzip).
            codeSplitting: {
              groups: [
                { name: 'shell', test: SHELL_MODULES, priority: 10 },
                { name: 'choices', test: CHOICE_MODULES, priority: 6 },
                { name: 'cards', test: CARD_MODULES, priority: 5 },
                { name: 'filters', test: FILTER_MODULES, priority: 5 },
              ],
            },
          },
        },
      },
    },
  },
});
