import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startRuntime } from './main.ts';

/** Production entry: serves the built pages and the API; drains and exits 0 on SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const runtime = await startRuntime(config);
  const { logger } = runtime.services;
  const buildUrl = pathToFileURL(path.join(config.buildDir, 'server', 'index.js')).href;
  const build = (await import(buildUrl)) as ServerBuild;
  const app = createApp(runtime.services, { getBuild: async () => build, serveClientAssets: true });
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    logger.info({ url: config.appUrl, host: info.address, port: info.port, database: runtime.database.kind }, 'Soko is listening');
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      logger.warn('requests still open after 10 s; closing anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await runtime.stop();
      logger.info('stopped');
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
