import type { ServerBuild } from 'react-router';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startRuntime } from './main.ts';
import { listen } from './http/serve.ts';
import { loadedReactBuild } from './http/react-build.ts';

/**
 * Production entry (`npm start` via scripts/start.ts): serves the built pages and the API.
 * On SIGTERM or SIGINT it drains (see server/http/serve.ts), flushes the mail outbox, closes
 * the database and exits 0 (within SHUTDOWN_GRACE_SECONDS plus a few seconds).
 */
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
  // A stray rejection (a background job, a fire-and-forget write during a database restart)
  // is logged; it must not take down every other request with it.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  const buildUrl = pathToFileURL(path.join(config.buildDir, 'server', 'index.js')).href;
  const build = (await import(buildUrl)) as ServerBuild;
  const app = createApp(runtime.services, { getBuild: async () => build, serveClientAssets: true });
  const running = await listen(app.fetch, {
    hostname: config.host,
    port: config.port,
    logger,
    graceMs: config.http.shutdownGraceMs,
    headersTimeoutMs: config.http.headersTimeoutMs,
    requestTimeoutMs: config.http.requestTimeoutMs,
    onDrained: async () => {
      await runtime.stop();
      logger.info('stopped');
    },
  });
  const react = loadedReactBuild();
  logger.info(
    { url: config.appUrl, host: config.host, port: running.port, database: runtime.database.kind, env: config.env, react },
    'Soko is listening',
  );
  if (config.env === 'production' && react !== 'production') {
    logger.warn({ react }, "React's development build is loaded: start with `npm start` (it sets NODE_ENV=production)");
  }
  const stop = (signal: string) => void running.shutdown(signal).then(() => process.exit(0));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
