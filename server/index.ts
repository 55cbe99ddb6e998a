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
 * and seeds once, then starts WEB_CONCURRENCY workers one after another (the next once the
 * last says its search index is ready), replaces one that dies (with a growing pause while they
 * die young: server/worker-restarts.ts), and on SIGTERM or SIGINT passes the signal on and
 * exits 0 once every worker has drained and exited.
 *
 * One after another: each worker loads its index alone (at 1,000,000 ads on two cores 14 s,
 * against 35 s each for two at once beside the suggestion words' count), so the first serves
 * searches from its index after about 17 s rather than 41
 * (docs/decisions/workers-start-one-after-another.md).
 */
/** How much longer than a worker's own deadline the primary waits before it kills the worker. */
const PRIMARY_MARGIN_MS = 1_000;
/** A worker that has not said it is ready by then does not hold the next one back any longer. */
const NEXT_WORKER_AFTER_MOST_MS = 120_000;
/** What a worker sends the primary once its search index is ready (or will not be). */
const WORKER_READY = 'soko:ready';

/**
 * The primary's lines, in the workers' (pino's) shape. With a time: the workers write theirs
 * asynchronously, so the order of lines from different processes is not the order of events.
 */
function log(level: 30 | 50, fields: { msg: string } & Record<string, unknown>) {
  (level === 50 ? console.error : console.log)(JSON.stringify({ level, time: Date.now(), ...fields }));
}

async function runPrimary(config: Config) {
  await prepareDatabase(config);
  let stopping = false;
  const startedAt = new Map<number, number>();
  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    log(30, { msg: 'server process started', worker: worker.id, pid: worker.process.pid });
  };
  const restarts = createRestartPolicy();
  const pending = new Set<NodeJS.Timeout>();
  let toStart = config.webConcurrency;
  let nextTimer: NodeJS.Timeout | undefined;
  const startNext = () => {
    clearTimeout(nextTimer);
    if (stopping || toStart === 0) return;
    toStart -= 1;
    start();
    if (toStart > 0) nextTimer = setTimeout(startNext, NEXT_WORKER_AFTER_MOST_MS);
  };
  cluster.on('message', (_worker, message: unknown) => {
    if (message === WORKER_READY) startNext();
  });
  startNext();
  cluster.on('exit', (worker, code, signal) => {
    const ranMs = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const delayMs = restarts.died(ranMs);
    // Died before it said it was ready: its replacement is the one the next worker waits for.
    log(50, { msg: 'server process exited; starting another', pid: worker.process.pid, code, signal, ranMs, delayMs });
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) start();
    }, delayMs);
    pending.add(timer);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(nextTimer);
    for (const timer of pending) clearTimeout(timer);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    // Each worker exits by its own deadline; one that still has not (stuck in a native call) is killed.
    setTimeout(() => {
      const stuck = Object.values(cluster.workers ?? {}).flatMap((w) => (w?.process.pid ? [w.process.pid] : []));
      log(50, { msg: 'server processes still running after the shutdown deadline; killing them', pids: stuck });
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
  const index = runtime.services.searchIndex;
  // A worker started beside others takes no connection before its search index is ready (loaded
  // and warmed up): node:cluster would hand it its share of them at once, and its searches would
  // go to the database meanwhile. The first worker, and a lone process, listen at once, so that
  // health checks are answered (readiness 503) while it starts.
  if (index && cluster.isWorker && cluster.worker!.id > 1) {
    if (!index.readiness().ready) logger.info({ pid: process.pid }, 'waiting for the search index before listening');
    let stopped = false;
    const stopWaiting = () => {
      stopped = true;
      void runtime.stop().finally(() => process.exit(0));
    };
    process.once('SIGTERM', stopWaiting);
    process.once('SIGINT', stopWaiting);
    await index.ready;
    if (stopped) return;
    process.off('SIGTERM', stopWaiting);
    process.off('SIGINT', stopWaiting);
  }
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
    keepAliveTimeoutMs: config.http.keepAliveTimeoutMs,
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
  if (cluster.isWorker) void Promise.resolve(index?.ready).then(() => process.send?.(WORKER_READY));
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
