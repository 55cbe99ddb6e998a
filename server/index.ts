import type { ServerBuild } from 'react-router';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startRuntime } from './main.ts';
import { listen } from './http/serve.ts';

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
  const running = await listen(app.fetch, {
    hostname: config.host,
    port: config.port,
    logger,
    onDrained: async () => {
      await runtime.stop();
      logger.info('stopped');
    },
  });
  logger.info({ url: config.appUrl, host: config.host, port: running.port, database: runtime.database.kind }, 'Soko is listening');
  const stop = (signal: string) => void running.shutdown(signal).then(() => process.exit(0));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
