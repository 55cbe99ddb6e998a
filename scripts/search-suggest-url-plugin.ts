import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SUGGEST_MODULE = fileURLToPath(new URL('../app/components/search-suggest.ts', import.meta.url));
const SUGGEST_URL_ID = 'virtual:search-suggest-url';

/**
 * The header's search suggestions (app/components/search-suggest.ts) as a chunk of their own,
 * named by its URL (`import url from 'virtual:search-suggest-url'`) and loaded with a plain
 * import(url). A literal import('./search-suggest') in the shell made the bundler wrap it in its
 * preload helper, which then moved into the shell chunk: 706 bytes gzip more on every route, where
 * /listings had 215 left (docs/decisions/search-suggestions.md). `npm run dev` and the tests (vitest.config.ts)
 * serve the module from source.
 */
export function suggestChunkUrl(): Plugin {
  let serving = false;
  return {
    name: 'soko:search-suggest-url',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      return id === SUGGEST_URL_ID ? `\0${SUGGEST_URL_ID}` : null;
    },
    load(id) {
      if (id !== `\0${SUGGEST_URL_ID}`) return null;
      // The server never loads it: it only renders the header.
      if (serving || this.environment?.name !== 'client') return `export default ${JSON.stringify('/app/components/search-suggest.ts')};`;
      const ref = this.emitFile({ type: 'chunk', id: SUGGEST_MODULE, name: 'search-suggest' });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
