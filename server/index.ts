import type { ServerBuild } from 'react-router';
import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseInUseError } from './db/data-dir-lock.ts';
import { prepareDatabase, startRuntime } from './main.ts';
import type { Config } from './config.ts';
import { listen } from './http/serve.ts';
import { createRestartPolicy } from './worker-restarts.ts';
import { loadedReactBuild } from './http/react-build.ts';
import { exitByDeadline, shutdownDeadlineMs } from './shutdown.ts';
import { localeBuildDir, type Locale } from '#kernel/i18n/locales.ts';

/**
 * Production entry (`npm start` via scripts/start.ts): serves the built pages and the API.
 * On SIGTERM or SIGINT readiness turns not ready, requests are served for SHUTDOWN_DRAIN_SECONDS,
 * then it drains (see server/http/serve.ts), flushes the mail outbox, closes the database and
 * exits 0, within SHUTDOWN_DRAIN_SECONDS + SHUTDOWN_GRACE_SECONDS plus CLEANUP_BUDGET_MS
 * (server/shutdown.ts) whatever hangs.
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
  if (cluster.isPrimary && config.webConcurrency > 1) await runPrimary(config);
  else await serve(config);
}

/**
 * Several server processes on one port (node:cluster shares the socket): the primary migrates
 * and seeds once, then starts WEB_CONCURRENCY workers, replaces one that dies (with a growing
 * pause while they die young: server/worker-restarts.ts), and on SIGTERM
 * or SIGINT passes the signal on and exits 0 once every worker has drained and exited.
 */
/** How much longer than a worker's own deadline the primary waits before it kills the worker. */
const PRIMARY_MARGIN_MS = 1_000;

async function runPrimary(config: Config) {
  await prepareDatabase(config);
  let stopping = false;
  const startedAt = new Map<number, number>();
  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  const restarts = createRestartPolicy();
  const pending = new Set<NodeJS.Timeout>();
  for (let i = 0; i < config.webConcurrency; i++) start();
  cluster.on('exit', (worker, code, signal) => {
    const ranMs = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const delayMs = restarts.died(ranMs);
    console.error(JSON.stringify({ level: 50, msg: 'server process exited; starting another', pid: worker.process.pid, code, signal, ranMs, delayMs }));
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) start();
    }, delayMs);
    pending.add(timer);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    // Each worker exits by its own deadline; one that still has not (stuck in a native call) is killed.
    setTimeout(() => {
      const stuck = Object.values(cluster.workers ?? {}).flatMap((w) => (w?.process.pid ? [w.process.pid] : []));
      console.error(JSON.stringify({ level: 50, msg: 'server processes still running after the shutdown deadline; killing them', pids: stuck }));
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownDeadlineMs(config.http.shutdownGraceMs) + PRIMARY_MARGIN_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function serve(config: Config) {
  const runtime = await startRuntime(config);
  const { logger } = runtime.services;
  // A stray rejection (a background job, a fire-and-forget write during a database restart)
  // is logged; it must not take down every other request with it.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  // Both languages' pages from one process (scripts/build.ts built them): English at the root, Swahili under /sw.
  const loadBuild = async (locale: Locale) => (await import(pathToFileURL(path.join(localeBuildDir(config.buildDir, locale), 'server', 'index.js')).href)) as ServerBuild;
  const [build, swahiliBuild] = await Promise.all([loadBuild('en'), loadBuild('sw')]);
  const app = createApp(runtime.services, { getBuild: async () => build, getSwahiliBuild: async () => swahiliBuild, serveClientAssets: true });
  const running = await listen(app.fetch, {
    hostname: config.host,
    port: config.port,
    logger,
    drainMs: config.http.shutdownDrainMs,
    onDrainStart: () => runtime.services.draining?.begin(),
    // Open message streams end; their browsers reconnect, through the balancer, to another instance.
    onStopAccepting: () => runtime.services.live?.endAll(),
    graceMs: config.http.shutdownGraceMs,
    headersTimeoutMs: config.http.headersTimeoutMs,
    requestTimeoutMs: config.http.requestTimeoutMs,
    socketIdleTimeoutMs: config.http.socketIdleTimeoutMs,
    onDrained: async () => {
      await runtime.stop();
      logger.info('stopped');
    },
  });
  const react = loadedReactBuild();
  logger.info(
    { url: config.appUrl, host: config.host, port: running.port, database: runtime.database.kind, env: config.env, react, pid: process.pid },
    'Soko is listening',
  );
  if (config.env === 'production' && react !== 'production') {
    logger.warn({ react }, "React's development build is loaded: start with `npm start` (it sets NODE_ENV=production)");
  }
  const stop = (signal: string) => {
    // Whatever hangs (a database gone at the network level), the process is gone by then.
    exitByDeadline(logger, shutdownDeadlineMs(config.http.shutdownGraceMs));
    void running.shutdown(signal).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  // Another process has the embedded database: the message says what to do, a stack would not.
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
});
