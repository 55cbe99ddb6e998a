import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

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

export default defineConfig({
  plugins: [serverOnlyGuard(), tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
});
