import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { suggestChunkUrl } from './scripts/search-suggest-url-plugin.ts';
import { buildLocale } from './kernel/i18n/locales.ts';

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

const ROOT_ROUTE = fileURLToPath(new URL('./app/root.tsx', import.meta.url));
const OUR_CODE = /[\\/](app|kernel)[\\/]/;
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Our modules the root route imports (the layout, header, toasts, kernel rules) go into one
 * chunk with what they import. Every page loads all of them anyway, so one file costs no byte
 * more than the dozen small ones the bundler emits on its own (each shared with a different set
 * of routes), and on a 3G phone each file saved is a request saved: /listings went from 24
 * preloaded scripts to 19 (docs/decisions/shell-chunk.md).
 */
function shellChunk(): (id: string, ctx: ChunkingContext) => string | null {
  let shell: Set<string> | undefined;
  return (id, ctx) => {
    if (!shell) {
      shell = new Set();
      const queue = [ROOT_ROUTE];
      while (queue.length) {
        for (const dep of ctx.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
          if (!shell.has(dep) && OUR_CODE.test(dep)) {
            shell.add(dep);
            queue.push(dep);
          }
        }
      }
    }
    return shell.has(id) ? 'shell' : null;
  };
}

/**
 * `#messages/*` (package.json "imports") resolves to kernel/i18n/en/ by default and to
 * kernel/i18n/sw/ under the `soko-sw` condition, which only the Swahili build adds
 * (SOKO_LOCALE=sw; docs/decisions/swahili-i18n.md). Node, tsx and the tests take the default.
 */
const localeConditions = buildLocale(process.env.SOKO_LOCALE) === 'sw' ? ['soko-sw'] : [];

export default defineConfig(({ isSsrBuild }) => ({
  // The page build's language, for its copy of server/ (server/i18n.ts requestLocale).
  define: { __SOKO_BUILD_LOCALE__: JSON.stringify(buildLocale(process.env.SOKO_LOCALE)) },
  plugins: [serverOnlyGuard(), tailwindcss(), reactRouter(), precompressAssets(), suggestChunkUrl()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) }, conditions: [...localeConditions, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [...localeConditions, ...defaultServerConditions] } },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      // React, React DOM and React Router in a chunk of their own, ahead of the shell: the same
      // bytes in both languages' builds, so the same name, and a phone that switches language
      // downloads none of their 108 kB again (docs/decisions/swahili-i18n.md, Progress). Without
      // it they sat in entry.client and the shell, whose names change with the shell's texts.
      // Every English route came out 447–500 B lighter, with one script more (/listings: 17).
      //
      // The server's build is one file: `npm start` loads it through tsx, which rewrites every
      // ES module holding a dynamic import() (the client's lazy code: share sheet, checkout)
      // and keeps a source map of it, and Node caches that map: 24 MB of heap per process for
      // the two languages' builds (docs/decisions/server-build-one-file.md).
      output: isSsrBuild
        ? { codeSplitting: false }
        : {
            codeSplitting: {
              groups: [
                { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 2 },
                { name: shellChunk(), priority: 1 },
              ],
            },
          },
      // Each catalog text is written where it is used, across chunks, as the literal was before
      // the catalogs: the English pages stay as they were and the catalog modules disappear.
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
    },
  },
}));
