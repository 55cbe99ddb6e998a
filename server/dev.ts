import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openedOrExit } from './db/data-dir-lock.ts';
import { startRuntime } from './main.ts';
import { SWAHILI_BASENAME } from '#kernel/i18n/locales.ts';

/** Development: Vite serves assets with hot reload; everything else goes to the same Hono app. */
const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const runtime = await openedOrExit(startRuntime(config));
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
// One language at a time: `SOKO_LOCALE=sw npm run dev` makes Vite's build the Swahili one (under /sw).
const swahili = (await getBuild()).basename === SWAHILI_BASENAME;
const app = createApp(runtime.services, swahili ? { getBuild, getSwahiliBuild: getBuild } : { getBuild });
const listener = getRequestListener(app.fetch);
http
  .createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)))
  .listen(config.port, config.host, () => runtime.services.logger.info({ url: config.appUrl }, 'Soko dev server'));
